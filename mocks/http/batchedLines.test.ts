import { expect, test } from '@jest/globals'
import { batchedLines } from './batchedLines.ts'

test('lines of one turn arrive in order, in one write, by the next turn', async () => {
  const writes: string[] = []
  const log = batchedLines((text) => writes.push(text))
  log('first')
  log('second')
  expect(writes).toEqual([])
  await new Promise((resolve) => setImmediate(resolve))
  log('third')
  await new Promise((resolve) => setImmediate(resolve))
  expect(writes).toEqual(['first\nsecond\n', 'third\n'])
})
