import type { SpecOperation } from './operations.ts'

/** A parameter value as a call gives it: encoded here, or `{ raw }` sent exactly as written (a probe's bad encoding). */
export type ParameterValue = string | number | bigint | boolean | { readonly raw: string }

/**
 * The target of a call of `operation`, relative to the base path: the inverse of the router. Path
 * parameters fill their `{name}` segments; every other value goes to the query, in the order given,
 * an array as a repeated parameter (a name the operation does not declare is sent all the same: a
 * probe may send one). Values are percent-encoded unless given as `{ raw }`. Throws when a path
 * parameter has no value, so a renamed parameter fails loudly.
 *
 * @example
 * operationTarget(getPet, { petId: 7 }) // '/pets/7'
 * operationTarget(listPets, { limit: 2, status: 'sold' }) // '/pets?limit=2&status=sold'
 * operationTarget(listPets, { limit: [1, 2] }) // '/pets?limit=1&limit=2'
 */
export function operationTarget(
  operation: Pick<SpecOperation, 'path' | 'parameters' | 'operationId'>,
  values: Readonly<Record<string, ParameterValue | readonly ParameterValue[] | undefined>> = {},
): string {
  const inPath = new Set(operation.parameters.filter((p) => p.in === 'path').map((p) => p.name))
  const path = operation.path.replace(/\{([^/{}]+)\}/g, (_whole, name: string) => {
    const value = values[name]
    if (value === undefined || Array.isArray(value))
      throw new Error(`${operation.operationId} needs one value for its path parameter '${name}'`)
    return encoded(value as ParameterValue)
  })
  const query: string[] = []
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || inPath.has(name)) continue
    for (const one of Array.isArray(value) ? value : [value])
      query.push(`${encodeURIComponent(name)}=${encoded(one as ParameterValue)}`)
  }
  return query.length === 0 ? path : `${path}?${query.join('&')}`
}

function encoded(value: ParameterValue): string {
  return typeof value === 'object' ? value.raw : encodeURIComponent(String(value))
}
