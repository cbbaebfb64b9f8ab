// Where the commands the documentation tells people to run write files: `curl -o`, `--output`,
// `> file`, `>> file`, `tee`, `--junit`, `--json`, `--state-file`, `cp`/`mv` destinations. Read from the
// text of a shell line, as a person would paste it; words are split on spaces outside quotes.

/**
 * The words of a shell line outside comments, with their quotes taken off.
 *
 * @example
 * wordsOf(`npm run contract -- --spec "a b.yaml"  # c`) // ['npm', 'run', 'contract', '--', '--spec', 'a b.yaml']
 */
export function wordsOf(line: string): string[] {
  const words: string[] = []
  let word: string | undefined
  let quote: string | undefined
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string
    if (quote) {
      if (c === quote) quote = undefined
      else word = (word ?? '') + c
    } else if (c === "'" || c === '"') {
      quote = c
      word ??= ''
    } else if (c === '#' && word === undefined) break
    else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word)
      word = undefined
    } else if (c === '>' && word !== undefined && /^\d$/.test(word)) {
      word += c // `2>` is a redirection of its own, kept as one word
    } else if (c === '>') {
      if (word !== undefined) words.push(word)
      const appends = line[i + 1] === '>'
      if (appends) i++
      words.push(appends ? '>>' : '>')
      word = undefined
    } else word = (word ?? '') + c
  }
  if (word !== undefined) words.push(word)
  return words
}

/** Words that end a command: an option before one has no value (`npm pkg set k=true --json && ...`). */
const SHELL_OPERATORS = new Set(['&&', '||', '|', ';'])

/** Options whose value is a file the command writes. */
const WRITING_OPTIONS = new Set(['-o', '--output', '--junit', '--json', '--state-file'])

/**
 * The paths a shell line writes, as written (`reports/app.har`, `/tmp/x.json`, `"$TMPDIR"/a`).
 *
 * @example
 * writesOf("curl -s 'http://127.0.0.1:4010/__mock/requests.har' --create-dirs -o reports/app.har")
 * // ['reports/app.har']
 * writesOf('npm test 2>&1 | tee out.log') // ['out.log']
 */
export function writesOf(line: string): string[] {
  const words = wordsOf(line)
  const found: string[] = []
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string
    const next = words[i + 1]
    if (
      (word === '>' || word === '>>' || /^\d>>?$/.test(word)) &&
      next !== undefined &&
      !next.startsWith('&')
    )
      found.push(next)
    else if (/^\d>&\d$/.test(word) || word.startsWith('>&')) continue
    else if (WRITING_OPTIONS.has(word) && next !== undefined && !SHELL_OPERATORS.has(next)) found.push(next)
    else if (/^--(output|junit|json|state-file)=/.test(word)) found.push(word.slice(word.indexOf('=') + 1))
    else if (word === 'tee') found.push(...words.slice(i + 1).filter((w) => !w.startsWith('-') && w !== '|'))
    else if ((word === 'cp' || word === 'mv') && words.length > i + 2) {
      const rest = words.slice(i + 1)
      const end = rest.findIndex((w) => ['|', '&&', ';', '||'].includes(w))
      found.push((end === -1 ? rest : rest.slice(0, end)).at(-1) as string)
    }
  }
  return found
}

/**
 * Whether `.gitignore`'s patterns (the simple forms this repository uses: `dir/`, `*.ext`, `name`)
 * ignore a path relative to the repository's root.
 *
 * @example
 * ignoredBy(['reports/', '*.tgz'], 'reports/app.har') // true
 * ignoredBy(['reports/', '*.tgz'], 'app.har') // false
 */
export function ignoredBy(patterns: readonly string[], path: string): boolean {
  const segments = path.replace(/^\.\//, '').split('/')
  return patterns.some((pattern) => {
    if (pattern.endsWith('/')) return segments.slice(0, -1).includes(pattern.slice(0, -1))
    if (pattern.startsWith('*.')) return path.endsWith(pattern.slice(1))
    return segments.includes(pattern)
  })
}
