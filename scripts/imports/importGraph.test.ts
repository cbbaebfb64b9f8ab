// The house rules of the product code, held on its import graph (type imports included): no cycle,
// and the layers import only downwards (spec/ from nobody above it; mocks/ and contract-tests/ never
// each other); at folder granularity, every import goes to its own room or a lower floor
// (floors.ts), none sideways. ARCHITECTURE.md names every product folder.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { FLOORS, mayImport, PENDING, placesOf, roomOf } from './floors.ts'
import { cyclesOf, importGraph, importsOf, productFolders } from './importGraph.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const folders = productFolders(ROOT)
const graph = importGraph(ROOT, folders)
const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => [from, to] as const))
const top = (path: string) => path.split('/')[0] as string

describe('the import graph of the product code', () => {
  test('covers every product folder, and is not empty', () => {
    expect(folders).toEqual(expect.arrayContaining(['bench', 'bin', 'contract-tests', 'mocks', 'spec']))
    expect(graph.size).toBeGreaterThan(150)
    expect(edges.length).toBeGreaterThan(300)
  })

  test('has no import cycle, type imports included', () => {
    expect(cyclesOf(graph)).toEqual([])
  })

  test('kit/ imports nothing of the project, spec/ only kit/, model/ and coverage/ only those, har/ only those; mocks/ and contract-tests/ never import each other', () => {
    const upward = edges.filter(([from, to]) => {
      const [a, b] = [top(from), top(to)]
      if (a === 'kit') return b !== 'kit'
      if (a === 'spec') return !['kit', 'spec'].includes(b)
      if (a === 'model') return !['kit', 'spec', 'model'].includes(b)
      if (a === 'coverage') return !['kit', 'spec', 'coverage'].includes(b)
      if (a === 'har') return !['kit', 'spec', 'coverage', 'har'].includes(b)
      // The proxy sits above the mock and the suite; only the bin starts it (and the bench measures it).
      if (b === 'proxy') return a !== 'proxy' && a !== 'bin' && a !== 'bench'
      return (a === 'mocks' && b === 'contract-tests') || (a === 'contract-tests' && b === 'mocks')
    })
    expect(upward).toEqual([])
  })

  test('mocks/ in floors: core < server < http and msw; http and msw never each other; no room imports an entry point', () => {
    // Each room of mocks/ and the rooms it may import (besides itself and everything outside mocks/).
    const below: Record<string, readonly string[]> = {
      core: [],
      server: ['core'],
      http: ['core', 'server'],
      msw: ['core', 'server'],
    }
    // `mocks/index.ts`, `mocks/node.ts`...: the package's entry points, above every room.
    const room = (path: string) => (path.split('/').length > 2 ? (path.split('/')[1] as string) : 'entry')
    const inMocks = edges.filter(([from, to]) => top(from) === 'mocks' && top(to) === 'mocks')
    expect(inMocks.length).toBeGreaterThan(50)
    expect(Object.keys(below).sort()).toEqual(
      [...new Set(inMocks.map(([from]) => room(from)))].filter((name) => name !== 'entry').sort(),
    )
    const upward = inMocks.filter(([from, to]) => {
      const [a, b] = [room(from), room(to)]
      if (a === 'entry') return false
      return a !== b && !(below[a] ?? []).includes(b)
    })
    expect(upward).toEqual([])
  })

  test('every path ARCHITECTURE.md names exists (its picture matches the tree)', () => {
    const architecture = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8')
    const named = [
      ...architecture.matchAll(
        /(?<![\w./-])((?:kit|model|spec|mocks|contract-tests|bench|bin|fixtures|tests|scripts|docs|decisions)\/[\w./-]*\w\/?)/g,
      ),
    ].map((match) => match[1] as string)
    expect(named.length).toBeGreaterThan(20)
    expect([...new Set(named)].filter((path) => !existsSync(join(ROOT, path)))).toEqual([])
  })

  test('ARCHITECTURE.md names every product folder', () => {
    const architecture = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8')
    expect(folders.filter((folder) => !architecture.includes(`${folder}/`))).toEqual([])
  })
})

describe('the floors (scripts/imports/floors.ts)', () => {
  const places = placesOf(FLOORS)
  const pending = new Set(PENDING.map(({ from, to }) => `${from} -> ${to}`))
  const roomEdges = edges.map(([from, to]) => ({ from, to, rooms: `${roomOf(from)} -> ${roomOf(to)}` }))

  test('every room of the product code stands on a floor, and every room on a floor exists', () => {
    const rooms = new Set([...graph.keys()].map(roomOf))
    expect([...rooms].filter((room) => !places.has(room))).toEqual([])
    expect([...places.keys()].filter((room) => !rooms.has(room))).toEqual([])
    expect(places.size).toBeGreaterThan(15)
  })

  test('every import goes to its own room or a lower floor, never sideways nor up (PENDING apart)', () => {
    const broken = roomEdges
      .filter(({ rooms }) => !pending.has(rooms))
      .filter(({ from, to }) => !mayImport(places, roomOf(from), roomOf(to)))
      .map(({ from, to }) => `${from} -> ${to}`)
    expect(broken).toEqual([])
  })

  test('PENDING lists only edges that still occur, each with why, and none from contract-tests/', () => {
    const occurring = new Set(roomEdges.map(({ rooms }) => rooms))
    expect([...pending].filter((edge) => !occurring.has(edge))).toEqual([])
    expect(PENDING.filter(({ why }) => why.length < 20)).toEqual([])
    expect(PENDING.filter(({ from }) => from.split('/')[0] === 'contract-tests')).toEqual([])
  })

  test('inside contract-tests/, no two rooms import each other', () => {
    const suite = roomEdges
      .map(({ from, to }) => [roomOf(from), roomOf(to)] as const)
      .filter(([a, b]) => a !== b && a.startsWith('contract-tests') && b.startsWith('contract-tests'))
    const pairs = new Set(suite.map(([a, b]) => `${a} -> ${b}`))
    expect([...pairs].filter((pair) => pairs.has(pair.split(' -> ').reverse().join(' -> ')))).toEqual([])
    expect(suite.length).toBeGreaterThan(50)
  })
})

describe('the floor rule', () => {
  const places = placesOf(FLOORS)
  test.each([
    ['contract-tests/checks/Check.ts', 'contract-tests/checks'],
    ['contract-tests/cli.ts', 'contract-tests'],
    ['mocks/core/createEngine.ts', 'mocks/core'],
    ['mocks/handlers.ts', 'mocks'],
    ['kit/json/exactJson.ts', 'kit'],
    ['spec/generated/types.ts', 'spec'],
  ])('%s is in the room %s', (path, room) => {
    expect(roomOf(path)).toBe(room)
  })
  test.each([
    ['spec', 'kit', true],
    ['kit', 'spec', false],
    ['model', 'coverage', false],
    ['har', 'coverage', true],
    ['contract-tests/checks', 'contract-tests/http', true],
    ['contract-tests/http', 'contract-tests/checks', false],
    ['contract-tests/negative', 'contract-tests/stateful', false],
    ['contract-tests', 'contract-tests/report', true],
    ['contract-tests/http', 'mocks/core', false],
    ['mocks/http', 'contract-tests/base', false],
    ['proxy', 'mocks/core', false],
    ['proxy', 'model', true],
    ['bin', 'proxy', true],
    ['mocks/core', 'mocks/http', false],
    ['kit', 'tests', false],
  ] as const)('%s may import %s: %s', (from, to, allowed) => {
    expect(mayImport(places, from, to)).toBe(allowed)
  })
})

describe('the walker', () => {
  test('finds every kind of import, type imports and re-exports included, and no commented one', () => {
    const text = [
      "import type { A } from './a.ts'",
      "import { b, type B } from '../b.ts'",
      "export { c } from './c.ts'",
      "export type { D } from './d.ts'",
      "import './e.ts'",
      "const f = await import('./f.ts')",
      "// import { g } from './g.ts'",
      "/* import { h } from './h.ts' */",
      "import { i } from 'node:fs'",
    ].join('\n')
    expect(importsOf(text)).toEqual(['./a.ts', '../b.ts', './c.ts', './d.ts', './e.ts', './f.ts'])
  })

  test('reports a cycle wherever it is, and none in an acyclic graph', () => {
    // Random graphs: a cycle is reported exactly when some node reaches itself.
    const graphs = fc.array(fc.tuple(fc.nat(7), fc.nat(7)), { maxLength: 20 }).map((pairs) => {
      const g = new Map<string, string[]>()
      for (let n = 0; n < 8; n++) g.set(`n${n}`, [])
      for (const [a, b] of pairs) g.get(`n${a}`)?.push(`n${b}`)
      return g
    })
    fc.assert(
      fc.property(graphs, (g) => {
        const reaches = (from: string, to: string) => {
          const seen = new Set<string>()
          const stack = [...(g.get(from) ?? [])]
          while (stack.length > 0) {
            const node = stack.pop() as string
            if (node === to) return true
            if (!seen.has(node)) seen.add(node) && stack.push(...(g.get(node) ?? []))
          }
          return false
        }
        const onCycle = [...g.keys()].filter((node) => reaches(node, node)).sort()
        return JSON.stringify(cyclesOf(g).flat().sort()) === JSON.stringify(onCycle)
      }),
    )
  })
})
