import type { JsonSchema } from './PetStoreDocument.ts'

/**
 * The property names an object schema declares, its `allOf` parts included (dereferenced schemas:
 * `loadSpec` or the generated document), in declaration order. What the store keeps of a pet is this
 * list for `Pet`, so a field added to the spec is kept without code.
 *
 * @example
 * declaredProperties(document.components.schemas.Pet) // ['name', 'categoryId', 'status', 'id']
 */
export function declaredProperties(schema: JsonSchema | undefined): string[] {
  const names = new Set<string>()
  collect(schema, names)
  return [...names]
}

function collect(schema: JsonSchema | undefined, names: Set<string>): void {
  if (typeof schema !== 'object' || schema === null) return
  for (const name of Object.keys((schema.properties ?? {}) as object)) names.add(name)
  for (const part of (schema.allOf ?? []) as JsonSchema[]) collect(part, names)
}

/**
 * Copies the properties in `names` that `value` holds (undefined ones left out) onto `into`, a new
 * object by default, and returns it. The store passes the object it keeps, so no intermediate copy
 * is made per pet (a million pets: no million short-lived objects).
 *
 * @example
 * pickDeclared({ name: 'Rex', extra: 1 }, ['name', 'categoryId']) // { name: 'Rex' }
 * pickDeclared({ name: 'Rex' }, ['name'], { id: 7 }) // { id: 7, name: 'Rex' }
 */
export function pickDeclared(
  value: Readonly<Record<string, unknown>>,
  names: readonly string[],
  into: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const name of names) if (value[name] !== undefined) into[name] = value[name]
  return into
}
