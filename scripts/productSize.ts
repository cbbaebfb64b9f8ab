// The size of the shipped product code in lines, comments included: every .ts of the product folders
// as the import graph finds them (productFolders, sourceFiles: tests and e2e files left out), less
// bench/ (tooling, not shipped) and spec/generated/ (written by `npm run generate`). Counted as
// `cat … | wc -l` counts, so the figure matches the shell's. productSize.test.ts holds it under a
// ceiling: duplication written back shows as a failing test. `npx node scripts/productSize.ts`
// prints each folder and the total.
import { readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { productFolders, sourceFiles } from './imports/importGraph.ts'

/** Product folders that are tooling, not shipped: they do not count. */
export const TOOLING_FOLDERS: ReadonlySet<string> = new Set(['bench'])

/**
 * Lines of each shipped product folder, and their sum.
 *
 * @example
 * productSize(root) // { folders: { bin: 24, 'contract-tests': 8802, … }, total: 21539 }
 */
export function productSize(root: string): { folders: Record<string, number>; total: number } {
  const folders: Record<string, number> = {}
  for (const folder of productFolders(root)) {
    if (TOOLING_FOLDERS.has(folder)) continue
    folders[folder] = sourceFiles(join(root, folder))
      .filter((file) => !relative(root, file).split(sep).slice(0, -1).includes('generated'))
      .reduce((sum, file) => sum + newlines(readFileSync(file, 'utf8')), 0)
  }
  return { folders, total: Object.values(folders).reduce((sum, lines) => sum + lines, 0) }
}

/** What `wc -l` counts: newline characters (a last line without one adds nothing). */
function newlines(text: string): number {
  let count = 0
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++
  return count
}

if (import.meta.main) {
  const { folders, total } = productSize(join(import.meta.dirname, '..'))
  for (const [folder, lines] of Object.entries(folders)) console.log(`${folder.padEnd(16)} ${lines}`)
  console.log(`${'total'.padEnd(16)} ${total}`)
}
