import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from '@jest/globals'
import { bundleSpec, loadSpec } from '../../spec/loadSpec.ts'
import { renderGenerated } from './renderGenerated.ts'

const files = await renderGenerated(await bundleSpec(), await loadSpec())

describe('spec/generated is up to date with spec/openapi.yaml', () => {
  test.each(Object.keys(files))('%s', async (relative) => {
    const onDisk = await readFile(join(import.meta.dirname, '..', '..', 'spec', relative), 'utf8')
    if (onDisk !== files[relative]) {
      throw new Error(`spec/${relative} is out of date with spec/openapi.yaml: run \`npm run generate\``)
    }
  })

  test('a change to the spec changes the generated files', async () => {
    const bundled = await bundleSpec()
    const dereferenced = await loadSpec()
    const statusSchema = bundled.components.schemas.PetStatus as { enum: string[] }
    statusSchema.enum.push('adopted')
    const changed = await renderGenerated(bundled, dereferenced)
    expect(changed['generated/types.ts']).toContain('"adopted"')
    expect(changed['generated/types.ts']).not.toBe(files['generated/types.ts'])
  })
})
