// What `$ref`s may build (docs/spec-as-input.md): a cycle is refused naming its chain (it was
// "Maximum call stack size exceeded"), and the document's size once every `$ref` is expanded is bounded
// before anything walks it as a tree (five levels of ten `$ref`s, 18 KB, took 79 s to load).
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from '@jest/globals'
import { expandedSize } from './expandedSize.ts'
import { loadSpec } from './loadSpec.ts'
import { SPEC_LIMITS } from './specLimits.ts'
import { SPEC_PATH } from './specPath.ts'

async function specWith(edit: (yaml: string) => string): Promise<string> {
  const yaml = await readFile(SPEC_PATH, 'utf8')
  const edited = edit(yaml)
  if (edited === yaml) throw new Error('the edit did not change the spec; fix the test')
  const path = join(await mkdtemp(join(tmpdir(), 'petstore-refs-')), 'openapi.yaml')
  await writeFile(path, edited)
  return path
}

/** The spec with `schemas` (YAML at the indentation of a component schema) added to its components. */
const withSchemas = (schemas: string) => (yaml: string) =>
  yaml.replace('    PetStatus:\n', () => `${schemas}    PetStatus:\n`)

const messageOf = async (path: string): Promise<string> =>
  loadSpec(path).then(
    () => 'loaded',
    (error: Error) => error.message,
  )

describe('a $ref cycle is refused, naming its chain', () => {
  const schemas = '#/components/schemas'
  test.each([
    [
      'a schema that is a $ref to itself',
      withSchemas(`    Loop:\n      $ref: "${schemas}/Loop"\n`),
      ['Loop', 'Loop'],
    ],
    [
      'two schemas that are $refs to each other',
      withSchemas(`    A:\n      $ref: "${schemas}/B"\n    B:\n      $ref: "${schemas}/A"\n`),
      ['A', 'B', 'A'],
    ],
    [
      'a tree whose children are trees',
      withSchemas(
        `    Tree:\n      type: object\n      properties:\n        children:\n          type: array\n          items:\n            $ref: "${schemas}/Tree"\n`,
      ),
      ['Tree', 'Tree'],
    ],
    [
      'Pet made of itself (allOf), which overflowed the stack',
      (yaml: string) =>
        yaml.replace(
          `        - $ref: "${schemas}/NewPet"\n`,
          `        - $ref: "${schemas}/NewPet"\n        - $ref: "${schemas}/Pet"\n`,
        ),
      ['Pet', 'Pet'],
    ],
    [
      'a chain through three schemas',
      withSchemas(
        ['A', 'B', 'C']
          .map(
            (name, i) =>
              `    ${name}:\n      type: object\n      properties:\n        next:\n          $ref: "${schemas}/${'BCA'[i]}"\n`,
          )
          .join(''),
      ),
      ['A', 'B', 'C', 'A'],
    ],
  ])('%s', async (_name, edit, names) => {
    const message = await messageOf(await specWith(edit))
    expect(message).toContain(`a $ref cycle: ${names.map((name) => `${schemas}/${name}`).join(' → ')} (`)
  })

  test('a chain through other files is named by file and pointer', async () => {
    const path = await specWith(withSchemas(`    Node:\n      $ref: "schemas/node.yaml#/Node"\n`))
    const folder = join(path, '..', 'schemas')
    await mkdir(folder)
    await writeFile(
      join(folder, 'node.yaml'),
      'Node:\n  type: object\n  properties:\n    child:\n      $ref: "leaf.yaml#/Leaf"\n',
    )
    await writeFile(
      join(folder, 'leaf.yaml'),
      'Leaf:\n  type: array\n  items:\n    $ref: "node.yaml#/Node"\n',
    )
    expect(await messageOf(path)).toContain(
      'a $ref cycle: schemas/node.yaml#/Node → schemas/leaf.yaml#/Leaf → schemas/node.yaml#/Node (',
    )
  })

  test('an example or an extension that contains itself is a cycle too', async () => {
    const path = await specWith((yaml) => `${yaml}x-loop:\n  a:\n    $ref: "#/x-loop"\n`)
    expect(await messageOf(path)).toContain('a $ref cycle: #/x-loop → #/x-loop (')
  })
})

describe('the document once its $refs are expanded', () => {
  /** The spec with `x-refs` holding `copies` $refs to one schema of `width` values. */
  const shared = (copies: number, width: number) => (yaml: string) =>
    `${withSchemas(
      `    Wide:\n      enum: [${Array(width - 2)
        .fill('1')
        .join(', ')}]\n`,
    )(yaml)}x-refs:\n${'  - $ref: "#/components/schemas/Wide"\n'.repeat(copies)}`

  test(`is refused past SPEC_LIMITS.maxExpandedNodes, and read just under it`, async () => {
    // The worst shape for the bound: one value shared by as many $refs as the byte bound allows.
    const width = 1000
    const base = expandedSize(
      await loadSpec(await specWith(shared(0, width))),
      { maxNodes: Number.POSITIVE_INFINITY, maxDepth: SPEC_LIMITS.maxDepth },
      'YAML aliases and $refs',
    )
    const room = Math.floor((SPEC_LIMITS.maxExpandedNodes - base) / width)
    const under = await loadSpec(await specWith(shared(room, width)))
    const size = expandedSize(
      under,
      { maxNodes: Number.POSITIVE_INFINITY, maxDepth: 256 },
      'YAML aliases and $refs',
    )
    expect(size).toBeLessThanOrEqual(SPEC_LIMITS.maxExpandedNodes)
    expect(size).toBeGreaterThan(SPEC_LIMITS.maxExpandedNodes - width)
    expect(await messageOf(await specWith(shared(room + 1, width)))).toContain(
      `the document stands for more than ${SPEC_LIMITS.maxExpandedNodes} values once its YAML aliases and $refs are expanded`,
    )
  })

  test('the YAML nodes of every file a $ref reaches count together (SPEC_LIMITS.maxYamlNodes)', async () => {
    // A file that alone fits the bound, reached from a spec that already holds some hundreds.
    const path = await specWith(withSchemas(`    Big:\n      $ref: "big.yaml"\n`))
    await writeFile(
      join(path, '..', 'big.yaml'),
      `enum: [${Array(SPEC_LIMITS.maxYamlNodes - 10)
        .fill('1')
        .join(', ')}]\n`,
    )
    expect(await messageOf(path)).toContain(
      `big.yaml: the spec and the files it refers to hold more than ${SPEC_LIMITS.maxYamlNodes} YAML nodes (SPEC_LIMITS.maxYamlNodes)`,
    )
  })

  test('a $ref bomb (six levels of ten $refs, 19 KB) is refused before it is walked', async () => {
    const levels = ['    L0:\n      type: string\n']
    for (let level = 1; level <= 6; level++) {
      const properties = Array.from(
        { length: 10 },
        (_, i) => `        p${i}: { $ref: "#/components/schemas/L${level - 1}" }\n`,
      ).join('')
      levels.push(`    L${level}:\n      type: object\n      properties:\n${properties}`)
    }
    expect(await messageOf(await specWith(withSchemas(levels.join(''))))).toMatch(/a \$ref bomb\?$/)
  })
})
