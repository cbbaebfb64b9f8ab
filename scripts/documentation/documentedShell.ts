// The commands the documentation hands people, wherever they are written: the fenced code blocks of
// every Markdown page, the `run:` steps of the workflows, and .ci/run. Read as text; nothing is run.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parse as parseYaml } from 'yaml'

/** One command line as documented: where it is, its text (continuation lines joined), its env. */
export interface DocumentedLine {
  /** The file, relative to the root, and for a workflow the step's name. */
  source: string
  line: string
  /** The variables a workflow step sets for it (`env:`), as written. */
  env?: Record<string, string>
}

/** Folders that hold no documentation of ours (installed, built or written by runs). */
const NOT_OURS = new Set(['node_modules', 'dist', 'reports', '.git', '.state', 'coverage-report'])

/** Every Markdown file under `root` outside installed, built and generated folders. */
export function markdownFiles(root: string, folder = root): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return NOT_OURS.has(entry.name) ? [] : markdownFiles(root, path)
    return entry.name.endsWith('.md') ? [relative(root, path)] : []
  })
}

/**
 * The fenced code blocks of a Markdown text, with their info string's language.
 *
 * @example
 * fencedBlocks('a\n```bash\nnpm ci\n```\n') // [{ language: 'bash', text: 'npm ci\n' }]
 */
export function fencedBlocks(markdown: string): Array<{ language: string; text: string }> {
  return [...markdown.matchAll(/^ {0,3}(`{3,})([\w-]*)[^\n]*\n([\s\S]*?)^ {0,3}\1[ \t]*$/gm)].map(
    (match) => ({
      language: match[2] as string,
      text: match[3] as string,
    }),
  )
}

/**
 * The command lines of a shell text: continuation lines (`\` at the end) joined, blank lines and
 * comment lines dropped.
 */
export function commandLines(text: string): string[] {
  return text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
}

/** Languages a fenced block is pasted into a shell in (an untagged block too: a reader may paste it). */
const SHELL = new Set(['bash', 'sh', 'shell', 'zsh', 'console', ''])

/**
 * Every documented command line: the shell blocks of every Markdown page (`all: true`: every fenced
 * block, whatever its language), every `run:` of `.github/workflows/*.yml`, and `.ci/run`.
 */
export function documentedLines(root: string, { all = false } = {}): DocumentedLine[] {
  const lines: DocumentedLine[] = []
  for (const page of markdownFiles(root)) {
    for (const block of fencedBlocks(readFileSync(join(root, page), 'utf8'))) {
      if (all || SHELL.has(block.language))
        lines.push(...commandLines(block.text).map((line) => ({ source: page, line })))
    }
  }
  const workflows = join(root, '.github', 'workflows')
  for (const name of existsSync(workflows) ? readdirSync(workflows) : []) {
    if (!/\.ya?ml$/.test(name)) continue
    const workflow = parseYaml(readFileSync(join(workflows, name), 'utf8')) as {
      jobs?: Record<string, { steps?: Array<{ name?: string; run?: string; env?: Record<string, string> }> }>
    }
    for (const job of Object.values(workflow.jobs ?? {}))
      for (const step of job.steps ?? []) {
        if (step.run === undefined) continue
        const source = `.github/workflows/${name}: ${step.name ?? 'a step'}`
        lines.push(...commandLines(step.run).map((line) => ({ source, line, env: step.env ?? {} })))
      }
  }
  const ciRun = join(root, '.ci', 'run')
  if (existsSync(ciRun))
    lines.push(...commandLines(readFileSync(ciRun, 'utf8')).map((line) => ({ source: '.ci/run', line })))
  return lines
}
