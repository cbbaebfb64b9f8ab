import { symlinkSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, test } from '@jest/globals'
import { aliasBombYaml } from '../fixtures/aliasBomb.ts'
import { loadSpec, parseSpecText } from './loadSpec.ts'
import { SPEC_LIMITS } from './specLimits.ts'
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

// The spec comes from a repository: a bad pull request reaches every developer's mock
// (docs/spec-as-input.md). Each attack of decision 020, refused at load with a message that says why.
describe('loadSpec treats the spec as untrusted input', () => {
  /** A folder holding the spec with `target` in place of one internal $ref; returns the spec's path. */
  async function specReferring(target: string): Promise<string> {
    return specWith((yaml) => yaml.replace('"#/components/schemas/Pets"', JSON.stringify(target)))
  }

  test.each([
    ['a file outside the folder by ..', '../outside.yaml'],
    ['an absolute path outside the folder', '/etc/passwd'],
    ['the process environment', '/proc/self/environ'],
    ['a device that never ends', '/dev/zero'],
    ['a file:// URL outside the folder', 'file:///etc/hostname'],
  ])('%s (%s) is refused, naming the rule', async (_name, target) => {
    const path = await specReferring(target)
    await writeFile(join(dirname(path), '..', 'outside.yaml'), 'type: array\n')
    await expect(loadSpec(path)).rejects.toThrow(
      /refused: a spec may only refer to files inside its own folder/,
    )
  })

  test('a symlink inside the folder pointing out of it is refused, naming where it points', async () => {
    const path = await specReferring('escape.yaml')
    symlinkSync('/etc/hostname', join(dirname(path), 'escape.yaml'))
    await expect(loadSpec(path)).rejects.toThrow(/escape\.yaml \(a symlink to \/etc\/hostname\) refused/)
  })

  test('URLs are refused unless remote $refs are allowed', async () => {
    const path = await specReferring('http://127.0.0.1:9/Pets.yaml')
    await expect(loadSpec(path)).rejects.toThrow(/refused.*--allow-remote-refs/)
    // Allowed, it is fetched: a closed port on 127.0.0.1 then fails as a connection error, not a refusal.
    await expect(loadSpec(path, { allowRemoteRefs: true })).rejects.not.toThrow(/refused/)
  })

  test('a file inside the folder, also through a symlink that stays inside, is read', async () => {
    const path = await specReferring('schemas/Pets.yaml')
    const yaml = await readFile(SPEC_PATH, 'utf8')
    const pets = /\n {4}Pets:\n((?: {6}.*\n)+)/.exec(yaml)?.[1]
    if (!pets) throw new Error('no Pets schema in spec/openapi.yaml; fix the test')
    await mkdir(join(dirname(path), 'schemas'))
    const inFolder = pets
      .replace(/^ {6}/gm, '')
      .replace('"#/components/schemas/Pet"', '"../openapi.yaml#/components/schemas/Pet"')
    await writeFile(join(dirname(path), 'schemas', 'real.yaml'), inFolder)
    symlinkSync('real.yaml', join(dirname(path), 'schemas', 'Pets.yaml'))
    const document = await loadSpec(path)
    expect(JSON.stringify(document.paths)).toContain('"type":"array"')
  })

  test('a YAML alias bomb is refused as soon as it is parsed', async () => {
    const path = await specWith((yaml) => `${yaml}${aliasBombYaml()}`)
    await expect(loadSpec(path)).rejects.toThrow(/alias|resource exhaustion/i)
  })

  test('a document that expands past SPEC_LIMITS.maxExpandedNodes is refused, one just under is parsed', () => {
    // The worst shape for the bound: aliases that multiply without tripping the parser's own alias count.
    const width = 1000
    const list = (n: number) => `[${Array(n).fill('1').join(', ')}]`
    const shared = (n: number) => `s: &s ${list(width - 1)}\nall: [${Array(n).fill('*s').join(', ')}]\n`
    // Each alias stands for `width` values: the root, `s`, `all` and its `n` copies.
    const over = Math.ceil(SPEC_LIMITS.maxExpandedNodes / width)
    expect(() => parseSpecText(shared(over), 'over.yaml')).toThrow(/more than 1000000 values/)
    expect(parseSpecText(shared(over - 3), 'under.yaml')).toMatchObject({ s: expect.any(Array) })
  })

  test('nesting deeper than SPEC_LIMITS.maxDepth is refused', () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`
    expect(() => parseSpecText(deep(SPEC_LIMITS.maxDepth + 2), 'deep.yaml')).toThrow(/nest more than/)
    expect(parseSpecText(deep(SPEC_LIMITS.maxDepth), 'ok.yaml')).toBeInstanceOf(Array)
  })

  test('more bytes than SPEC_LIMITS.maxBytes in all are refused', async () => {
    const path = await specWith((yaml) => `${yaml}x-padding: "${'a'.repeat(SPEC_LIMITS.maxBytes)}"\n`)
    await expect(loadSpec(path)).rejects.toThrow(/may hold 8388608 bytes in all/)
  })
})
