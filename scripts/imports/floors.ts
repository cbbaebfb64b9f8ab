// The house's floors as data, at folder granularity (ARCHITECTURE.md draws them): a file may import
// from its own room or from a room on a lower floor, never from a room beside it or above it.
// A room is a top-level folder; in contract-tests/ and mocks/ each subfolder is a room of its own
// (the files directly in the folder are the room named after it).

/**
 * One floor. Its `rooms` stand side by side. A floor may instead hold `wings` side by side (the mock,
 * the suite and the proxy, which never import each other): each wing a stack of levels, lowest
 * first, whose rooms stand side by side; a room may import from a lower level of its own wing.
 */
export interface Floor {
  /** What lives on the floor, for the reader. */
  readonly name: string
  readonly rooms?: readonly string[]
  readonly wings?: Readonly<Record<string, ReadonlyArray<readonly string[]>>>
}

/** The floors, lowest first. */
export const FLOORS: readonly Floor[] = [
  { name: 'generic kits, knowing nothing of the project', rooms: ['kit'] },
  { name: 'the document: load, compile, vocabulary, router', rooms: ['spec'] },
  {
    name: 'what reads the document: the model, coverage, seed data',
    rooms: ['model', 'coverage', 'fixtures'],
  },
  { name: 'recorded traffic (HAR), which coverage measures', rooms: ['har'] },
  {
    // What the mock and the proxy both stand on (decision 044): one node:http edge, one control
    // plane with the journal views, one inspector page. It knows the spec, never a store or an upstream.
    name: 'the server floor: the edge, the control plane, the journal views, the page',
    rooms: ['serving'],
  },
  {
    // The proxy stands beside the mock and the suite, not above them: it imports the kits, the
    // spec, the model, coverage and HAR, never a sibling's internals.
    name: 'the products, side by side: the mock, the contract suite, the proxy',
    wings: {
      mocks: [
        // The pure engine and store, and their parsers.
        ['mocks/core'],
        // The mock server without a transport: sessions, journal, control plane, inspector.
        ['mocks/server'],
        // The adapters: node:http and MSW.
        ['mocks/http', 'mocks/msw'],
        // The package's entry points (index.ts, node.ts, browser.ts).
        ['mocks'],
      ],
      'contract-tests': [
        // The suite's own words (operations, findings, capabilities, census, budgets, deadline), JSON
        // facts and redaction: nothing of HTTP.
        ['contract-tests/base', 'contract-tests/json', 'contract-tests/text'],
        // One exchange: a call of an operation, the request sent, its bounded answer, the curl line.
        ['contract-tests/http'],
        // The generated cases (negatives), then the model phase, which draws from them.
        ['contract-tests/negative'],
        ['contract-tests/stateful'],
        // The Check contract and the named checks.
        ['contract-tests/checks'],
        // The runner and its CLI target; what recorded traffic breaks under another spec.
        ['contract-tests/running', 'contract-tests/breaks'],
        // The console, JSON and JUnit reports.
        ['contract-tests/report'],
        // The entry points: the bin's CLI, the package's `petstore-mock/contract`.
        ['contract-tests'],
      ],
      proxy: [['proxy']],
    },
  },
  { name: 'tooling: the installed commands and the bench', rooms: ['bin', 'bench'] },
]

/** Folders whose subfolders are rooms of their own. */
const DIVIDED = new Set(['contract-tests', 'mocks'])

/**
 * Edges (room to room) that still break the floors, each with why; those who rework the rooms empty
 * this list. contract-tests/ has none and must keep none (a test holds it).
 */
export const PENDING: ReadonlyArray<{ from: string; to: string; why: string }> = [
  {
    from: 'bench',
    to: 'tests',
    why: 'bench/modelPhaseAtLatency.ts drives the reference server and runAgainstServer, which live in tests/ (not product code); they move below the bench, or the bench row moves into tests/',
  },
]

/**
 * The room a file (a path relative to the repository) lives in.
 *
 * @example
 * roomOf('contract-tests/checks/Check.ts') // 'contract-tests/checks'
 * roomOf('contract-tests/cli.ts') // 'contract-tests'
 * roomOf('kit/json/exactJson.ts') // 'kit'
 */
export function roomOf(path: string): string {
  const [top = '', sub, ...rest] = path.split('/')
  return DIVIDED.has(top) && sub !== undefined && rest.length > 0 ? `${top}/${sub}` : top
}

/** Where a room stands: its floor, and its wing and level there when the floor has wings. */
export interface Place {
  floor: number
  wing?: string
  level?: number
}

/**
 * The place of every room on the floors.
 *
 * @example
 * placesOf(FLOORS).get('contract-tests/checks') // { floor: 4, wing: 'contract-tests', level: 3 }
 */
export function placesOf(floors: readonly Floor[]): Map<string, Place> {
  const places = new Map<string, Place>()
  floors.forEach((floor, index) => {
    for (const room of floor.rooms ?? []) places.set(room, { floor: index })
    for (const [wing, levels] of Object.entries(floor.wings ?? {}))
      levels.forEach((rooms, level) => {
        for (const room of rooms) places.set(room, { floor: index, wing, level })
      })
  })
  return places
}

/**
 * Whether a file of room `from` may import a file of room `to`: its own room, a lower floor, or a
 * lower level of its own wing. A room on no floor may be imported by none and import none.
 *
 * @example
 * mayImport(placesOf(FLOORS), 'contract-tests/checks', 'contract-tests/http') // true
 * mayImport(placesOf(FLOORS), 'contract-tests/http', 'mocks/core') // false: a wing beside its own
 */
export function mayImport(places: ReadonlyMap<string, Place>, from: string, to: string): boolean {
  if (from === to) return true
  const [a, b] = [places.get(from), places.get(to)]
  if (!a || !b) return false
  if (b.floor !== a.floor) return b.floor < a.floor
  return a.wing !== undefined && a.wing === b.wing && (b.level as number) < (a.level as number)
}
