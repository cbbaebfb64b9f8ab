import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from '@jest/globals'
import { loadSpec } from './loadSpec.ts'
import { SPEC_PATH } from './specPath.ts'

async function specWith(edit: (yaml: string) => string): Promise<string> {
  const yaml = await readFile(SPEC_PATH, 'utf8')
  const edited = edit(yaml)
  if (edited === yaml) throw new Error('the edit did not change the spec; fix the test')
  const path = join(await mkdtemp(join(tmpdir(), 'petstore-spec-')), 'openapi.yaml')
  await writeFile(path, edited)
  return path
}

describe('loadSpec', () => {
  test('validates spec/openapi.yaml and resolves every $ref', async () => {
    const document = await loadSpec()
    expect(document.openapi).toBe('3.1.0')
    expect(JSON.stringify(document)).not.toContain('"$ref"')
  })

  test('rejects a $ref that points nowhere, naming it', async () => {
    const path = await specWith((yaml) =>
      yaml
        .replace("'#/components/schemas/Pets'", "'#/components/schemas/Petz'")
        .replace('"#/components/schemas/Pets"', '"#/components/schemas/Petz"'),
    )
    await expect(loadSpec(path)).rejects.toThrow(/Petz/)
  })

  test('rejects a document that breaks the OpenAPI schema', async () => {
    const path = await specWith((yaml) => yaml.replace('operationId: listPets', 'operationId: [listPets]'))
    await expect(loadSpec(path)).rejects.toThrow(/operationId|must be string/)
  })
})
