// `npm run build` (and `prepack`): the compiled package in dist/. Node will not strip types under
// node_modules, so what users install must be JavaScript; tsc rewrites the `.ts` import specifiers.
import { execFileSync } from 'node:child_process'
import { copyFile, mkdir, rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'

const root = join(import.meta.dirname, '..')
const dist = join(root, 'dist')
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')

await rm(dist, { recursive: true, force: true })
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' })

// Files the compiled code reads at run time or hands to users, beside it in dist/.
const copies: [from: string, to: string][] = [
  // loadSpec() and `petstore-mock --watch` read the document next to spec/specPath.js.
  [join(root, 'spec', 'openapi.yaml'), join(dist, 'spec', 'openapi.yaml')],
]
for (const [from, to] of copies) {
  await mkdir(dirname(to), { recursive: true })
  await copyFile(from, to)
}
console.log(`built ${dist}`)
