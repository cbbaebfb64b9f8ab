// Tests by kind: unit tests beside the code, and anything that starts a server, a browser
// or a process under tests/. Held on the code: a test file outside tests/ loads no network or process
// module, no MSW setupServer, no Playwright, none of the helpers under tests/ that start something
// (derived from their code, not listed by hand), and makes no call that listens, spawns or launches;
// every *.e2e.ts is under tests/. So `npm run test:unit` (Jest without tests/) starts nothing.
import { existsSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, test } from '@jest/globals'
import { STARTING_PACKAGES, startingChain } from './startingModules.ts'
import { valueImportsOf } from './valueImportsOf.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const SKIP = new Set(['node_modules', 'dist', 'reports', '.git', '.stryker-tmp', '.state'])

/** Every .ts file of the repository, relative to the root. */
function tsFiles(folder = ROOT): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : tsFiles(path)
    return entry.name.endsWith('.ts') ? [relative(ROOT, path)] : []
  })
}

const files = tsFiles()
const underTests = (file: string) => file.startsWith('tests/')
const isTest = (file: string) => /\.(test|e2e)\.ts$/.test(file)
const outside = files.filter((file) => isTest(file) && !underTests(file))
const startingHelpers = new Map(
  files
    .filter((file) => underTests(file) && !isTest(file))
    .flatMap((file) => {
      const chain = startingChain(ROOT, file)
      return chain ? [[file, chain] as const] : []
    }),
)

describe('tests by kind', () => {
  test('the rule sees the tree: unit tests outside tests/, and the helpers of tests/ that start something', () => {
    expect(outside.length).toBeGreaterThan(50)
    expect([...startingHelpers.keys()]).toEqual(
      expect.arrayContaining([
        'tests/servers/hostileServers.ts',
        'tests/servers/referenceServer.ts',
        'tests/support/rawHttp.ts',
        'tests/support/runAgainstServer.ts',
        'tests/support/startCli.ts',
        'tests/support/startMock.ts',
        'tests/support/startOwnMock.ts',
        'tests/support/startTransports.ts',
      ]),
    )
    // Pure helpers (no server, no process) stay usable beside the code.
    for (const pure of ['tests/support/xmlWellFormedness.ts', 'tests/support/arbitraryRequests.ts']) {
      expect(existsSync(join(ROOT, pure))).toBe(true)
      expect(startingHelpers.has(pure)).toBe(false)
    }
  })

  test('no test outside tests/ starts a server, a browser or a process', () => {
    const starting = outside.flatMap((file) => {
      const chain = startingChain(ROOT, file)
      return chain ? [chain.join(' -> ')] : []
    })
    expect(starting).toEqual([])
  })

  test('every *.e2e.ts is under tests/', () => {
    expect(files.filter((file) => file.endsWith('.e2e.ts') && !underTests(file))).toEqual([])
  })
})

describe('the rule fails a test that starts something', () => {
  // Built at run time so that this file's own text loads none of them.
  const statement = (names: string, module: string) => `import ${names} from '${module}'`

  test.each(STARTING_PACKAGES)('loading %s', (module) => {
    expect(valueImportsOf(statement('{ x }', module))).toEqual([module])
  })

  test('type-only imports load nothing; a value beside a type does; comments load nothing', () => {
    const http = STARTING_PACKAGES[0] as string
    expect(valueImportsOf(statement('type { Server }', http))).toEqual([])
    expect(valueImportsOf(`export type { Server } from '${http}'`)).toEqual([])
    expect(valueImportsOf(`// ${statement('{ x }', http)}`)).toEqual([])
    expect(valueImportsOf(statement('{ type Server, createServer }', http))).toEqual([http])
    expect(valueImportsOf(`const m = await import('${http}')`)).toEqual([http])
  })

  test('a helper that listens through a product module is found by its call', () => {
    const chain = startingChain(ROOT, 'tests/support/startMock.ts')
    expect(chain?.[0]).toBe('tests/support/startMock.ts')
    expect(chain?.at(-1)).toMatch(/^listen\W/)
    expect(startingChain(ROOT, 'tests/support/evolveSpec.ts')).toBeUndefined()
  })
})
