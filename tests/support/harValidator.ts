import { readdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { Ajv } from 'ajv'

const require = createRequire(import.meta.url)

/**
 * The HAR 1.2 schema of the har-schema package (draft-06, with its own non-standard keywords),
 * compiled: what the HARs the mock and the proxy export are held to.
 *
 * @example
 * const validate = await harValidator(); validate(har) // true
 */
export async function harValidator() {
  const folder = join(require.resolve('har-schema'), '..')
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false })
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'))
  for (const file of (await readdir(folder)).filter((name) => name.endsWith('.json')))
    ajv.addSchema(JSON.parse(await readFile(join(folder, file), 'utf8')))
  const validate = ajv.getSchema('har.json#')
  if (!validate) throw new Error('har-schema has no har.json#')
  return validate
}
