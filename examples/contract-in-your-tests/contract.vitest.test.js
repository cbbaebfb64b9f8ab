// Your server checked by the Pet Store contract suite, inside your own Vitest run.

import { runContract } from 'petstore-mock/contract'
import { expect, test } from 'vitest'

test('our API conforms to the Pet Store contract', async () => {
  const report = await runContract({
    baseUrl: process.env.PETSTORE_BASE_URL ?? 'http://127.0.0.1:8080/v1',
    apiKey: process.env.PETSTORE_API_KEY ?? 'petstore-dev-key',
  })
  expect(report.abort).toBeUndefined()
  expect(report.results.filter((result) => result.outcome === 'fail' && result.level === 'required')).toEqual(
    [],
  )
  expect(report.failed).toBe(false)
}, 120_000)
