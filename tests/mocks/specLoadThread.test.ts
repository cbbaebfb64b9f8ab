// The thread that loads `--watch` edits (mocks/http/specLoadThread.ts): what it refuses comes back as a
// refusal, and running out of its bounded heap ends the thread, not the mock; the next load starts anew.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { specLoadThread } from '../../mocks/http/specLoadThread.ts'
import { SPEC_PATH } from '../../spec/index.ts'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-thread-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('specLoadThread', () => {
  test('loads a spec and gives the document and its text back', async () => {
    const thread = specLoadThread()
    try {
      const loaded = await thread.load(SPEC_PATH)
      expect(loaded.document.openapi).toBe('3.1.0')
      expect(loaded.text).toBe(await readFile(SPEC_PATH, 'utf8'))
    } finally {
      await thread.close()
    }
  })

  test('a refused file is refused with the loader message', async () => {
    const thread = specLoadThread()
    try {
      const path = join(dir, 'duplicate.yaml')
      await writeFile(path, 'openapi: 3.1.0\nopenapi: 3.1.0\n')
      await expect(thread.load(path)).rejects.toThrow(
        'a key appears twice in one mapping at line 2, column 1',
      )
    } finally {
      await thread.close()
    }
  })

  test('running out of its heap refuses the load, and the next load starts a new thread', async () => {
    // 32 MiB is far less than this document takes to parse (within SPEC_LIMITS, 200,000 nodes).
    const thread = specLoadThread({ heapMiB: 32 })
    try {
      const path = join(dir, 'large.yaml')
      const brackets = `  - ${'['.repeat(200)}${']'.repeat(200)}\n`.repeat(1_000)
      await writeFile(path, `${await readFile(SPEC_PATH, 'utf8')}x-large:\n${brackets}`)
      await expect(thread.load(path)).rejects.toThrow(/the spec thread failed: .*memory/)
      await expect(thread.load(SPEC_PATH)).resolves.toMatchObject({ document: { openapi: '3.1.0' } })
    } finally {
      await thread.close()
    }
  })
})
