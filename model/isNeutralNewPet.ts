import type { InterfaceModel } from './interfaceModel.ts'

/**
 * True when a NewPet holds nothing the interface document leaves open: every field given, strings
 * short and plain, integers small and positive, enumerations with a documented value. Such a body
 * must get 201. Anything else (a name's length or characters, a categoryId's range, an omitted
 * status, a field NewPet does not declare: all "not shown") may be refused with a 4xx Error, but a 201 must round-trip it exactly.
 * Read from the schema's types, so a field an evolved spec adds is judged the same way.
 *
 * @example
 * isNeutralNewPet(model, { name: 'Rex', categoryId: 3, status: 'sold' }) // true
 * isNeutralNewPet(model, { name: 'Rex', categoryId: 3 }) // false: the omitted status is a gap
 */
export function isNeutralNewPet(model: InterfaceModel, body: Readonly<Record<string, unknown>>): boolean {
  for (const field of Object.keys(body)) if (!Object.hasOwn(model.newPet.properties, field)) return false
  return Object.entries(model.newPet.properties).every(([field, schema]) => {
    const value = body[field]
    if (value === undefined) return false
    if (Array.isArray(schema.enum)) return schema.enum.includes(value)
    if (schema.type === 'string')
      return typeof value === 'string' && /^[A-Za-z][A-Za-z0-9]{0,15}$/.test(value)
    if (schema.type === 'integer')
      return (typeof value === 'number' || typeof value === 'bigint') && value >= 1 && value <= 1000
    return true
  })
}
