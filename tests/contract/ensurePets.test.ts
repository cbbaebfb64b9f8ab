// ensurePets counts the store and creates only what the list rules need, concurrently; a read-only
// census creates nothing and says what it could not find.
import type { AddressInfo } from 'node:net'
import { afterEach, expect, test } from '@jest/globals'
import { known, lackOfData } from '../../contract-tests/base/lackOfData.ts'
import { suiteVocabularyOf } from '../../contract-tests/base/SuiteVocabulary.ts'
import type { CheckContext } from '../../contract-tests/checks/Check.ts'
import { callRequest } from '../../contract-tests/http/callRequest.ts'
import { type Exchange, sendRequest } from '../../contract-tests/http/exchange.ts'
import { ensurePets } from '../../contract-tests/running/ensurePets.ts'
import { petNamer } from '../../contract-tests/running/petNames.ts'
import { parseBudget } from '../../contract-tests/stateful/Budget.ts'
import { compileValidators, defaultSpec, openApiDocument } from '../../spec/runtime.ts'
import { createReferenceServer, type ReferenceOptions } from '../servers/referenceServer.ts'

const servers: Array<ReturnType<typeof createReferenceServer>> = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

async function contextFor(options: ReferenceOptions) {
  const server = createReferenceServer({ ...options, apiKey: 'k' })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  const exchanges: Exchange[] = []
  const names = petNamer('testrun1')
  let inFlight = 0
  const stats = { posts: 0, mostAtOnce: 0 }
  const vocabulary = suiteVocabularyOf(defaultSpec().vocabulary)
  const context: CheckContext = {
    baseUrl,
    apiKey: 'k',
    runId: 'testrun1',
    command: 'petstore-contract',
    document: openApiDocument,
    vocabulary,
    router: (basePath) => defaultSpec().router(basePath),
    validators: compileValidators(openApiDocument),
    exchanges,
    capabilities: new Set(['write', 'state', 'auth']),
    petName: () => names.next(),
    // ensurePets does not read the generated phase's settings.
    generation: { seed: 1, budget: parseBudget('1runs') },
    call: (operationId, parameters, options) =>
      context.send(callRequest(vocabulary.operations, operationId, parameters, options)),
    async send(request) {
      if (request.method === 'POST') stats.posts++
      stats.mostAtOnce = Math.max(stats.mostAtOnce, ++inFlight)
      const exchange = await sendRequest(baseUrl, 'k', request, 5_000)
      inFlight--
      exchanges.push(exchange)
      return exchange
    },
  }
  return { context, stats }
}

test('an empty store gets more than 100 pets and more than 20 of each status, in concurrent creates', async () => {
  const { context, stats } = await contextFor({ empty: true })
  const census = await ensurePets(context, true)
  expect(known(census)).toBe(101)
  for (const status of ['available', 'pending', 'sold']) expect(known(census, status)).toBeGreaterThan(20)
  expect(stats.posts).toBe(101)
  expect(stats.mostAtOnce).toBeGreaterThan(1)
  expect(lackOfData(census, 101)).toBeUndefined()
})

test('only what is missing is created: none when the store already has enough', async () => {
  const some = await contextFor({ pets: 30 }) // 10 of each status
  const census = await ensurePets(some.context, true)
  // 11 more of each status reach 21, then 38 more reach 101 pets.
  expect(some.stats.posts).toBe(33 + 38)
  expect(census.created.size).toBe(71)

  const plenty = await contextFor({ pets: 130 })
  await ensurePets(plenty.context, true)
  expect(plenty.stats.posts).toBe(0)
})

test('a read-only census creates nothing and says what it lacks', async () => {
  const { context, stats } = await contextFor({ pets: 30 })
  const census = await ensurePets(context, false)
  expect(stats.posts).toBe(0)
  expect(known(census)).toBe(30)
  expect(lackOfData(census, 101)).toBe(
    'not judged: it needs at least 101 pets in the store; 30 are known (read-only run: it creates none)',
  )
  expect(lackOfData(census, 21, 'sold')).toMatch(/at least 21 pets with status 'sold'; 10 are known/)
})
