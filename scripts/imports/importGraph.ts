// The import graph of the product code, type imports included, read from the source text: which
// relative module each file imports. Pure apart from reading files; no TypeScript API (TypeScript 7
// has none), so the specifiers are found by a scan that skips comments and strings.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/** Folders at the top of the repository that are not product code: tests, examples, tooling, output. */
export const NOT_PRODUCT = new Set([
  'node_modules',
  'dist',
  'tests',
  'examples',
  'scripts',
  'docs',
  'decisions',
  'reports',
  '.git',
  '.github',
  '.ci',
  '.stryker-tmp',
  '.state',
])

/** Every product folder: each top-level folder holding TypeScript that is not in NOT_PRODUCT. */
export function productFolders(root: string): string[] {
  return readdirSync(root)
    .filter((name) => !NOT_PRODUCT.has(name) && statSync(join(root, name)).isDirectory())
    .filter((name) => sourceFiles(join(root, name)).length > 0)
    .sort()
}

/** The .ts files of a folder, recursively, tests and browser e2e files left out (they are not product code). */
export function sourceFiles(folder: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) found.push(...sourceFiles(path))
    else if (/\.ts$/.test(entry.name) && !/\.(test|e2e|d)\.ts$/.test(entry.name)) found.push(path)
  }
  return found
}

/**
 * The relative specifiers a module's text imports or re-exports, `import type` included:
 * `import … from 'x'`, `export … from 'x'`, `import 'x'`, `import('x')`.
 *
 * @example
 * importsOf("import type { A } from './a.ts'\nexport { b } from '../b.ts'") // ['./a.ts', '../b.ts']
 */
export function importsOf(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
  const found = [
    ...code.matchAll(/\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g),
    ...code.matchAll(/\bimport\s*['"]([^'"]+)['"]/g),
    ...code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] as string)
  return [...new Set(found.filter((specifier) => specifier.startsWith('.')))]
}

/** The graph: each file (relative to root) to the files it imports (only those inside `root`). */
export function importGraph(root: string, folders: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const folder of folders) {
    for (const file of sourceFiles(join(root, folder))) {
      const targets = importsOf(readFileSync(file, 'utf8'))
        .map((specifier) => resolve(dirname(file), specifier))
        .filter((target) => existsSync(target))
        .map((target) => relative(root, target))
      graph.set(relative(root, file), targets)
    }
  }
  return graph
}

/**
 * Every import cycle, each once (as its strongly connected component, sorted): Tarjan's algorithm.
 *
 * @example
 * cyclesOf(new Map([['a', ['b']], ['b', ['a']], ['c', []]])) // [['a', 'b']]
 */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  const visit = (node: string) => {
    index.set(node, next)
    low.set(node, next)
    next++
    stack.push(node)
    onStack.add(node)
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(node, Math.min(low.get(node) as number, low.get(target) as number))
      } else if (onStack.has(target))
        low.set(node, Math.min(low.get(node) as number, index.get(target) as number))
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string | undefined
      do {
        member = stack.pop() as string
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      const selfLoop = (graph.get(node) ?? []).includes(node)
      if (component.length > 1 || selfLoop) cycles.push(component.sort())
    }
  }
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node)
  return cycles.sort((a, b) => (a[0] as string).localeCompare(b[0] as string))
}
