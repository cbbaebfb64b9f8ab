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
  return [...new Set(allOfParts(schema).flatMap((part) => Object.keys((part.properties ?? {}) as object)))]
}

/** A schema and its `allOf` parts, depth first: every place an object schema declares properties. */
export function allOfParts(schema: JsonSchema | undefined): JsonSchema[] {
  if (typeof schema !== 'object' || schema === null) return []
  return [schema, ...((schema.allOf ?? []) as JsonSchema[]).flatMap(allOfParts)]
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
