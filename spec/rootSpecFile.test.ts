// The root spec file is untrusted input like every file a `$ref` reaches (docs/spec-as-input.md): a
// regular file inside its own folder. A root spec that was a symlink out of its folder was read, and
// the YAML error frame printed three lines of the file it pointed at. A FIFO as the root spec is
// tested in tests/spec/loadSpecFifo.test.ts (making one runs `mkfifo`).
import { symlinkSync } from 'node:fs'
import { copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from '@jest/globals'
import { loadSpec, readSpecText } from './loadSpec.ts'
import { SPEC_PATH } from './specPath.ts'

/** A new folder holding `spec/` (where the root spec goes) and `outside/` beside it. */
async function folders(): Promise<{ spec: string; outside: string }> {
  const base = await mkdtemp(join(tmpdir(), 'petstore-root-'))
  const spec = join(base, 'spec')
  const outside = join(base, 'outside')
  await mkdir(spec)
  await mkdir(outside)
  return { spec, outside }
}

const messageOf = async (load: Promise<unknown>): Promise<string> =>
  load.then(
    () => 'loaded',
    (error: Error) => error.message,
  )

describe('the root spec file', () => {
  test('a symlink out of its folder is refused, naming where it points and nothing it holds', async () => {
    const { spec, outside } = await folders()
    // Not YAML, so a parser that read it would report an error with an excerpt.
    const secret = join(outside, 'credentials')
    await writeFile(secret, 'user: "SECRET-ONE\nkey: SECRET-TWO\n\tSECRET-THREE\n')
    const root = join(spec, 'openapi.yaml')
    symlinkSync(secret, root)
    for (const message of [await messageOf(loadSpec(root)), await messageOf(readSpecText(root))]) {
      expect(message).toContain(`the spec ${root} (a symlink to ${secret}) refused`)
      expect(message).toContain('a spec must be a regular file inside its own folder')
      expect(message).not.toContain('SECRET')
    }
  })

  test('a symlink that stays inside its folder is read', async () => {
    const { spec } = await folders()
    await copyFile(SPEC_PATH, join(spec, 'real.yaml'))
    symlinkSync('real.yaml', join(spec, 'openapi.yaml'))
    await expect(loadSpec(join(spec, 'openapi.yaml'))).resolves.toMatchObject({ openapi: '3.1.0' })
  })

  test('a symlinked folder holding a regular file is read (the folder is where the link leads)', async () => {
    const { spec, outside } = await folders()
    await copyFile(SPEC_PATH, join(outside, 'openapi.yaml'))
    const linked = join(spec, 'linked')
    symlinkSync(outside, linked)
    await expect(loadSpec(join(linked, 'openapi.yaml'))).resolves.toMatchObject({ openapi: '3.1.0' })
  })

  test.each([
    ['a device', '/dev/zero'],
    ['a folder', tmpdir()],
  ])('%s is refused: not a regular file', async (_name, path) => {
    expect(await messageOf(loadSpec(path))).toMatch(/^the spec .* refused: not a regular file$/)
  })

  test('a file that does not exist is named, with the reason', async () => {
    const { spec } = await folders()
    const missing = join(spec, 'missing.yaml')
    expect(await messageOf(loadSpec(missing))).toBe(`cannot read ${missing}: ENOENT`)
  })
})
