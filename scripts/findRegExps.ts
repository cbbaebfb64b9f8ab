import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parseSync } from '@swc/core'

/** One regular expression written in the source: a literal, or `RegExp(…)` of constant text. */
export interface FoundRegExp {
  where: string
  pattern: string
  flags: string
}

/** A `RegExp(…)` built from run-time text: no analyser can judge it, so it must not read request input. */
export interface DynamicRegExp {
  where: string
}

/**
 * Every regular expression in the TypeScript and JavaScript files under `roots`, found by parsing
 * (swc, the parser Jest already uses), not by searching text, so a `/` in a string or a comment is
 * never mistaken for one.
 *
 * @example
 * findRegExps(['mocks']).found // [{ where: 'kit/guard/cors.ts:7', pattern: '^https?:…', flags: '' }, …]
 */
export function findRegExps(
  roots: readonly string[],
  base = process.cwd(),
): { found: FoundRegExp[]; dynamic: DynamicRegExp[] } {
  const found: FoundRegExp[] = []
  const dynamic: DynamicRegExp[] = []
  for (const file of roots.flatMap((root) => sourceFiles(join(base, root)))) {
    const source = readFileSync(file, 'utf8')
    const module = parseSync(source, { syntax: 'typescript', tsx: false, comments: false })
    const start = module.span.start
    const lineOf = (offset: number) => source.slice(0, Math.max(0, offset - start)).split('\n').length
    const name = relative(base, file)
    visit(module, (node) => {
      if (node.type === 'RegExpLiteral') {
        found.push({
          where: `${name}:${lineOf(spanStart(node))}`,
          pattern: String(node.pattern),
          flags: String(node.flags),
        })
      } else if (
        (node.type === 'NewExpression' || node.type === 'CallExpression') &&
        isRegExpCallee(node.callee)
      ) {
        const [pattern, flags] = ((node.arguments as Array<{ expression: AstNode }> | undefined) ?? []).map(
          (a) => constantText(a.expression),
        )
        const where = `${name}:${lineOf(spanStart(node))}`
        if (pattern === undefined) dynamic.push({ where })
        else found.push({ where, pattern, flags: flags ?? '' })
      }
    })
  }
  return { found, dynamic }
}

type AstNode = { type?: string; [key: string]: unknown }

function visit(node: unknown, onNode: (node: AstNode) => void): void {
  if (Array.isArray(node)) for (const child of node) visit(child, onNode)
  else if (node !== null && typeof node === 'object') {
    if (typeof (node as AstNode).type === 'string') onNode(node as AstNode)
    for (const value of Object.values(node)) visit(value, onNode)
  }
}

function spanStart(node: AstNode): number {
  return (node.span as { start: number }).start
}

function isRegExpCallee(callee: unknown): boolean {
  return (callee as AstNode | undefined)?.type === 'Identifier' && (callee as AstNode).value === 'RegExp'
}

/** The text of a string literal or a template literal without `${}`; undefined for anything computed. */
function constantText(node: AstNode | undefined): string | undefined {
  if (node?.type === 'StringLiteral') return String(node.value)
  if (node?.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0)
    return String(((node.quasis as AstNode[])[0] as AstNode).cooked ?? '')
  return undefined
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name)
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'generated' ? [] : sourceFiles(path)
    return /\.(?:ts|mts|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}
