// Terminal control characters in what `coverage` and `breaks` print: a spec's strings (an enum
// value), a HAR's (its URLs) and a file's name may carry ESC, OSC (set the window title, write the
// clipboard) and C1 sequences. Everything these commands (and petstore-mock's start) print goes
// through `say` (visible), so each is shown as an escape and none reaches the terminal.
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { bundleSpec, type PetStoreDocument } from '../../spec/index.ts'
import { killStartedClis, startCli } from '../support/startCli.ts'

const run = promisify(execFile)
const CLI = join(import.meta.dirname, '..', '..', 'contract-tests', 'cli.ts')
/** OSC 52 (write the clipboard), a CSI that clears the screen, a C1 CSI, a bidirectional override. */
const HOSTILE = '\u001b]52;c;cm0gLXJmIH4=\u0007\u001b[2J\u009b2J\u202e'
/** What a terminal obeys: C0 but line feed and tab, DEL, C1, and the bidirectional overrides. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const OBEYED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

let dir: string
let spec: string
let withOperation: string
let har: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-terminal-'))
  // A spec whose PetStatus has a value carrying the sequences (coverage lists it as never seen).
  const document = structuredClone(await bundleSpec()) as PetStoreDocument
  const schemas = document.components.schemas as Record<string, { enum?: string[] }>
  schemas.PetStatus?.enum?.push(`gone${HOSTILE}`)
  spec = join(dir, `next${HOSTILE}.json`)
  await writeFile(spec, JSON.stringify(document))
  // A spec with one more operation, its operationId carrying them (the mock's start names it).
  const listPets = structuredClone(document.paths['/pets']?.get)
  if (!listPets) throw new Error('the spec has no listPets')
  listPets.operationId = `mine${HOSTILE}`
  document.paths['/pets/mine'] = { get: listPets }
  withOperation = join(dir, 'operation.json')
  await writeFile(withOperation, JSON.stringify(document))
  // A HAR named with them, whose recorded URLs carry them too.
  har = join(dir, `app${HOSTILE}.har`)
  const entry = (url: string) => ({
    request: { method: 'GET', url },
    response: { status: 200, content: { size: 2, mimeType: 'application/json', text: '[]' } },
  })
  const entries = [
    entry('http://127.0.0.1/v1/pets?limit=5'),
    entry(`http://127.0.0.1/v1/pets?status=${encodeURIComponent(HOSTILE)}`),
    entry(`http://127.0.0.1/v1/pets/1${HOSTILE}`),
  ]
  await writeFile(har, JSON.stringify({ log: { version: '1.2', entries } }))
})
afterAll(async () => {
  killStartedClis()
  await rm(dir, { recursive: true, force: true })
})

async function cli(args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { timeout: 20_000 })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout: string; stderr: string }
    return { code: failed.code ?? -1, output: failed.stdout + failed.stderr }
  }
}

describe('what coverage and breaks print obeys no control sequence', () => {
  test.each([
    ['coverage against the hostile spec', () => ['coverage', har, '--spec', spec]],
    ['breaks under the hostile spec', () => ['breaks', har, '--spec', spec]],
    ['coverage of a HAR that is missing', () => ['coverage', `${har}.missing`]],
    ['breaks with a spec that is missing', () => ['breaks', har, '--spec', `${spec}.missing`]],
  ])(
    '%s',
    async (_name, args) => {
      const { code, output } = await cli(args())
      expect(code).not.toBe(-1)
      expect(output).not.toMatch(OBEYED)
      // Seen, not lost: the sequences are printed as escapes.
      expect(output).toContain('\\e]52;c;')
      expect(output).toMatch(/\\x9b2J|\\u202e/)
    },
    30_000,
  )
})

test("petstore-mock's start names the spec's operations: shown escaped", async () => {
  const mock = startCli(['--port', '0', '--spec', withOperation])
  await mock.listening
  // The Operations line follows the startup line in the same write or the next: wait, bounded.
  for (let i = 0; i < 50 && !/^Operations: .*\n/m.test(mock.output()); i++)
    await new Promise((resolve) => setTimeout(resolve, 100))
  expect(mock.output()).toMatch(/^Operations: .*from the spec: mine\\e\]52;c;/m)
  expect(mock.output()).not.toMatch(OBEYED)
}, 30_000)
