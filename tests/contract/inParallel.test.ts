// context.inParallel: chains of requests run side by side cost the run's estimate their longest
// chain, not their sum (what lets the estimate follow the model phase's concurrent streams).
import { expect, test } from '@jest/globals'
import type { Check, CheckContext } from '../../contract-tests/checks/Check.ts'
import { createReferenceServer } from '../servers/referenceServer.ts'
import { runAgainstServer } from '../support/runAgainstServer.ts'

const API_KEY = 'parallel-key'

/** A check that sends `chains` side by side, each that many GETs one after another. */
const sending = (chains: number[]): Check => ({
  name: 'parallel_chains',
  level: 'recommended',
  description: () => 'test only',
  operations: ['getPet'],
  needs: [],
  async run(context: CheckContext) {
    const get = () => context.send({ operation: 'getPet', method: 'GET', path: '/pets/1' })
    const chain = async (length: number) => {
      for (let i = 0; i < length; i++) await get()
    }
    if (!context.inParallel) throw new Error('the runner gives every check inParallel')
    await context.inParallel(chains.map((length) => () => chain(length)))
    return { findings: [] }
  },
})

const run = (chains: number[]) =>
  runAgainstServer(createReferenceServer({ apiKey: API_KEY, pets: 130 }), {
    apiKey: API_KEY,
    checks: [sending(chains)],
  })

test('chains side by side count as the longest; each is counted one request after another', async () => {
  const none = await run([])
  const longest = await run([4, 2, 1])
  const one = await run([4])
  expect(longest.requests - none.requests).toBe(7)
  expect((longest.sequentialRequests ?? 0) - (none.sequentialRequests ?? 0)).toBe(4)
  expect(one.sequentialRequests).toBe(longest.sequentialRequests)
})
