// `npm run generate`: writes spec/generated/* from spec/openapi.yaml. The drift test in
// generated.test.ts fails whenever these files and the spec disagree.
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { bundleSpec, loadSpec } from '../../spec/loadSpec.ts'
import { renderGenerated } from './renderGenerated.ts'

const files = await renderGenerated(await bundleSpec(), await loadSpec())
for (const [relative, text] of Object.entries(files)) {
  const target = join(import.meta.dirname, '..', '..', 'spec', relative)
  await mkdir(dirname(target), { recursive: true })
  await writeFile(target, text)
  console.log(`wrote spec/${relative}`)
}
