// loadSpec (spec/loadSpec.ts) refuses a FIFO, as the root spec or among the files it refers to,
// without waiting for a writer. Apart from spec/loadSpec.test.ts and spec/rootSpecFile.test.ts
// because making the FIFO runs `mkfifo`, a child process.
import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, test } from '@jest/globals'
import { loadSpec, readSpecText } from '../../spec/loadSpec.ts'
import { SPEC_PATH } from '../../spec/specPath.ts'

/** A folder holding the spec with `target` in place of one internal $ref; returns the spec's path. */
async function specReferring(target: string): Promise<string> {
  const yaml = await readFile(SPEC_PATH, 'utf8')
  const edited = yaml.replace('"#/components/schemas/Pets"', JSON.stringify(target))
  if (edited === yaml) throw new Error('the edit did not change the spec; fix the test')
  const path = join(await mkdtemp(join(tmpdir(), 'petstore-spec-')), 'openapi.yaml')
  await writeFile(path, edited)
  return path
}

test('a FIFO inside the folder is refused without waiting for a writer', async () => {
  const path = await specReferring('pipe.yaml')
  execFileSync('mkfifo', [join(dirname(path), 'pipe.yaml')])
  await expect(loadSpec(path)).rejects.toThrow(/pipe\.yaml refused: not a regular file/)
})

const messageOf = async (load: Promise<unknown>): Promise<string> =>
  load.then(
    () => 'loaded',
    (error: Error) => error.message,
  )

describe('the root spec file', () => {
  test('a FIFO is refused without waiting for a writer', async () => {
    const spec = join(await mkdtemp(join(tmpdir(), 'petstore-root-')), 'spec')
    await mkdir(spec)
    const fifo = join(spec, 'openapi.yaml')
    execFileSync('mkfifo', [fifo])
    expect(await messageOf(loadSpec(fifo))).toBe(`the spec ${fifo} refused: not a regular file`)
    expect(await messageOf(readSpecText(fifo))).toBe(`the spec ${fifo} refused: not a regular file`)
  })
})
