// The CLI as a user runs it: a real child process, its startup line, its log, its exit.

import { readFileSync } from 'node:fs'
import { mkdtemp, rename, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from '@jest/globals'
import { servedServer } from '../../../mocks/server/servedSpecAnswer.ts'
import { yamlWithServer } from '../../../mocks/server/withServedServer.ts'
import { killStartedClis, startCli } from '../../support/startCli.ts'

/** A document's text as the mock at `origin` serves it: the mock first among its servers. */
function asServed(text: string, origin: string): string {
  return yamlWithServer(text, servedServer(origin, '/v1'))
}

afterEach(killStartedClis)

describe('npm start (mocks/http/cli.ts)', () => {
  test('--port 0 picks a free port on 127.0.0.1 and the startup line says where and which key', async () => {
    const cli = startCli(['--port', '0'])
    const baseUrl = await cli.listening
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/)
    expect(cli.output()).toContain('Authorization: Bearer petstore-dev-key')
    const response = await fetch(`${baseUrl}/pets?limit=1`, {
      headers: { authorization: 'Bearer petstore-dev-key' },
    })
    expect(response.status).toBe(200)
  })

  test('the startup says which operations are stateful and which are answered from the spec', async () => {
    const cli = startCli(['--port', '0'])
    await cli.listening
    // The line follows the listening one; wait for it (Jest's timeout bounds the wait).
    await new Promise<void>((resolve) => {
      const seen = () => cli.output().includes('Operations:') && resolve()
      cli.child.stdout?.on('data', seen)
      seen()
    })
    expect(cli.output()).toContain('Operations: stateful: listPets, createPet, getPet; from the spec: none')
  })

  test('keys from --api-key and PETSTORE_API_KEYS are accepted, the default is not, and no key is printed', async () => {
    const cli = startCli(['--port', '0', '--api-key', 'flag-secret-1', '--api-key', 'flag-secret-2'], {
      PETSTORE_API_KEYS: 'env-secret',
    })
    const baseUrl = await cli.listening
    const status = async (key: string) =>
      (await fetch(`${baseUrl}/pets?api_key=${key}`, { headers: { authorization: `Bearer ${key}` } })).status
    expect(await status('flag-secret-2')).toBe(200)
    expect(await status('petstore-dev-key')).toBe(401)
    expect(await status('env-secret')).toBe(401) // flags win over the environment
    cli.child.kill('SIGTERM')
    expect(await cli.exited).toBe(0)
    expect(cli.output()).toMatch(/GET \/v1\/pets\?api_key=\*\*\* 200/)
    expect(cli.output()).not.toMatch(/flag-secret|env-secret/)
    // The banner says how many were passed, not which.
    expect(cli.output()).toMatch(/listening on \S+ \(45 pets; any of the 2 keys you passed\)/)
  })

  test('--seed loads a Pets file, int64 categoryIds digit for digit', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'petstore-seed-'))
    const seedFile = join(dir, 'seed.json')
    const edge = '{"id":11,"name":"Edge","categoryId":-9223372036854775808,"status":"sold"}'
    await writeFile(
      seedFile,
      `[${JSON.stringify({ id: 10, name: 'Solo', categoryId: 1, status: 'sold' })},${edge}]`,
    )
    const cli = startCli(['--port', '0', '--seed', seedFile, '--quiet'])
    const baseUrl = await cli.listening
    expect(cli.output()).toContain('(2 pets;')
    const text = await (
      await fetch(`${baseUrl}/pets`, { headers: { authorization: 'Bearer petstore-dev-key' } })
    ).text()
    expect(text).toBe(`[{"id":10,"name":"Solo","categoryId":1,"status":"sold"},${edge}]`)
  })

  test.each([
    ['a bad port', ['--port', 'abc'], /--port must be an integer/],
    [
      'a seed that is not Pets',
      ['--seed', new URL('../../../package.json', import.meta.url).pathname],
      /is not a Pets array/,
    ],
    ['a seed file that does not exist', ['--seed', '/nonexistent/seed.json'], /cannot read the seed file/],
  ])('%s is a clear startup error with exit code 2', async (_name, args, message) => {
    const cli = startCli(args)
    await expect(cli.listening).rejects.toThrow(message)
    expect(await cli.exited).toBe(2)
  })
})

describe('petstore-mock: --spec, --version, aliases, the state folder', () => {
  const AUTH = { authorization: 'Bearer petstore-dev-key' }
  const SPEC_PATH = new URL('../../../spec/openapi.yaml', import.meta.url).pathname
  const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string
  }

  /** A copy of the spec whose listPets limit stops at `maximum` (a change the mock must follow). */
  async function specCopy(maximum: number): Promise<{ path: string; text: string }> {
    const dir = await mkdtemp(join(tmpdir(), 'petstore-spec-'))
    const path = join(dir, 'my-openapi.yaml')
    const original = readFileSync(SPEC_PATH, 'utf8')
    const text = original.replace(/maximum: 100\n(\s+)default: 20/, `maximum: ${maximum}\n$1default: 20`)
    expect(text).not.toBe(original)
    await writeFile(path, text)
    return { path, text }
  }
  const listStatus = async (baseUrl: string, limit: number) =>
    (await fetch(`${baseUrl}/pets?limit=${limit}`, { headers: AUTH })).status

  test('--version (-v) prints the version in package.json and exits 0', async () => {
    for (const flag of ['--version', '-v']) {
      const cli = startCli([flag])
      await expect(cli.listening).rejects.toThrow(/exited with 0/)
      expect(cli.output().trim()).toBe(manifest.version)
    }
  })

  test('--help names the command that was run, with every short alias', async () => {
    const cli = startCli(['-h'])
    await expect(cli.listening).rejects.toThrow(/exited with 0/)
    expect(cli.output()).toMatch(/^Usage: node mocks\/http\/cli\.ts \[options\]/)
    expect(cli.output()).toMatch(/-p, --port N[\s\S]*-k, --api-key KEY[\s\S]*-h, --help/)
  })

  test('--spec FILE serves that copy of the document, and /__mock/openapi.yaml is its text', async () => {
    const copy = await specCopy(50)
    const cli = startCli(['-p', '0', '-q', '--spec', copy.path])
    const baseUrl = await cli.listening
    expect(await listStatus(baseUrl, 60)).toBe(400)
    expect(await listStatus(baseUrl, 50)).toBe(200)
    const origin = baseUrl.replace(/\/v1$/, '')
    const served = await fetch(`${origin}/__mock/openapi.yaml`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toMatch(/^application\/yaml/)
    expect(await served.text()).toBe(asServed(copy.text, origin))
  })

  test('without --spec, /__mock/openapi.yaml is the packaged spec/openapi.yaml', async () => {
    const cli = startCli(['-p', '0', '-q'])
    const origin = (await cli.listening).replace(/\/v1$/, '')
    expect(await (await fetch(`${origin}/__mock/openapi.yaml`)).text()).toBe(
      asServed(readFileSync(SPEC_PATH, 'utf8'), origin),
    )
  })

  test('--spec with --watch watches that file: an edit changes what is enforced and what is served', async () => {
    const copy = await specCopy(50)
    const cli = startCli(['-p', '0', '-q', '-w', '--spec', copy.path])
    const baseUrl = await cli.listening
    expect(cli.output()).toContain(`Watching ${copy.path}`)
    const edited = copy.text.replace('maximum: 50', 'maximum: 70')
    await writeFile(`${copy.path}.saving`, edited)
    await rename(`${copy.path}.saving`, copy.path)
    // Bounded wait for the reload line (debounced file events), never a timing assertion.
    for (let i = 0; i < 100 && !/spec: reloaded/.test(cli.output()); i++) await sleep(100)
    expect(cli.output()).toMatch(/spec: reloaded .*my-openapi\.yaml/)
    expect(await listStatus(baseUrl, 70)).toBe(200)
    const origin = baseUrl.replace(/\/v1$/, '')
    expect(await (await fetch(`${origin}/__mock/openapi.yaml`)).text()).toBe(asServed(edited, origin))
  })

  test('--spec naming an invalid document is one clear startup error, exit 2', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'petstore-spec-'))
    const bad = join(dir, 'bad.yaml')
    await writeFile(
      bad,
      readFileSync(SPEC_PATH, 'utf8').replace(
        '$ref: "#/components/schemas/Pets"',
        '$ref: "#/components/schemas/Petz"',
      ),
    )
    const cli = startCli(['-p', '0', '--spec', bad])
    await expect(cli.listening).rejects.toThrow(/exited with 2/)
    expect(cli.output()).toMatch(new RegExp(`^petstore-mock: the spec ${bad} cannot be served: .*Petz`))
    expect(cli.output().match(/cannot be served/g)).toHaveLength(1)
  })

  test('--spec whose $ref reads a file outside its folder is refused at start, exit 2', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'petstore-spec-'))
    const leaky = join(dir, 'leaky.yaml')
    await writeFile(
      leaky,
      readFileSync(SPEC_PATH, 'utf8').replace(
        '$ref: "#/components/schemas/Pets"',
        '$ref: "/proc/self/environ"',
      ),
    )
    const cli = startCli(['-p', '0', '--spec', leaky])
    await expect(cli.listening).rejects.toThrow(/exited with 2/)
    expect(cli.output()).toMatch(
      /cannot be served: \$ref to \/proc\/self\/environ refused: a spec may only refer to files inside its own folder/,
    )
  })

  test('--state-file in a folder that does not exist yet: the folder is made and the pets kept', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'petstore-state-'))
    const stateFile = join(dir, '.state', 'nested', 'pets.json')
    const cli = startCli(['-p', '0', '-q', '--state-file', stateFile])
    const baseUrl = await cli.listening
    const created = await fetch(`${baseUrl}/pets`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kept', categoryId: 3 }),
    })
    expect(created.status).toBe(201)
    cli.child.kill('SIGTERM')
    expect(await cli.exited).toBe(0)
    expect(readFileSync(stateFile, 'utf8')).toContain('"Kept"')
  })
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
