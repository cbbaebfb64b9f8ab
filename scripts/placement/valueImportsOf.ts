// Which modules a file's text loads at run time: every specifier of `import … from`, `export … from`,
// a bare `import 'x'` and `import('x')`, leaving out `import type` and `export type` (erased, they
// load nothing). Read from the text, like scripts/imports/importGraph.ts: TypeScript 7 has no API.

/**
 * The specifiers a module's text loads at run time, relative and bare, type-only imports left out.
 *
 * @example
 * valueImportsOf("import type { Server } from 'node:http'\nimport { spawn } from 'node:child_process'")
 * // ['node:child_process']
 */
export function valueImportsOf(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
  const found = [
    ...[...code.matchAll(/\b(import|export)\b([^'"`;]*?)\bfrom\s*['"]([^'"]+)['"]/g)]
      .filter((match) => !/^\s*type\b/.test(match[2] as string))
      .map((match) => match[3] as string),
    ...[...code.matchAll(/\bimport\s*['"]([^'"]+)['"]/g)].map((match) => match[1] as string),
    ...[...code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((match) => match[1] as string),
  ]
  return [...new Set(found)]
}
