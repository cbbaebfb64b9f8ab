import { trimTrailingSlashes } from '../kit/text/trimTrailingSlashes.ts'
import type { PetStoreDocument } from './PetStoreDocument.ts'

/**
 * The path of one item of a collection: the path that adds one `{parameter}` segment to
 * `collectionPath` and can be read with GET (`/pets` → `/pets/{petId}`). Where a created resource
 * lives, so a `Location` header follows the document. Undefined when the document has none.
 *
 * @example
 * itemPathOf(document, '/pets') // { template: '/pets/{petId}', parameter: 'petId' }
 */
export function itemPathOf(
  document: PetStoreDocument,
  collectionPath: string,
): { template: string; parameter: string } | undefined {
  const prefix = `${trimTrailingSlashes(collectionPath)}/`
  for (const [template, item] of Object.entries(document.paths)) {
    if (!template.startsWith(prefix) || !item.get) continue
    const rest = template.slice(prefix.length)
    if (/^\{[^/{}]+\}$/.test(rest)) return { template, parameter: rest.slice(1, -1) }
  }
  return undefined
}
