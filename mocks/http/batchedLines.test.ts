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

test('with everyMs, a line after a quiet spell goes out by the next turn; lines right after it wait for one write', async () => {
  const writes: string[] = []
  let written = () => {}
  const log = batchedLines((text) => {
    writes.push(text)
    written()
  }, 50)
  log('first')
  await new Promise((resolve) => setImmediate(resolve))
  expect(writes).toEqual(['first\n'])
  const next = new Promise<void>((resolve) => {
    written = resolve
  })
  log('second')
  await new Promise((resolve) => setImmediate(resolve))
  log('third')
  expect(writes).toEqual(['first\n'])
  await next
  expect(writes).toEqual(['first\n', 'second\nthird\n'])
  log('fourth')
  log.flush()
  expect(writes).toEqual(['first\n', 'second\nthird\n', 'fourth\n'])
})
