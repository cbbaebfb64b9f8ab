import { expect, test } from '@jest/globals'
import { resolveTarget } from '../running/ContractTarget.ts'
import { formatBudget, parseBudget } from './Budget.ts'

test.each([
  ['200runs', { runs: 200 }],
  ['1run', { runs: 1 }],
  ['200', { runs: 200 }],
  ['30s', { ms: 30_000 }],
  ['1.5s', { ms: 1_500 }],
  ['500ms', { ms: 500 }],
  ['2m', { ms: 120_000 }],
  ['2min', { ms: 120_000 }],
  ['300seq', { runs: 300 }],
  ['300sequences', { runs: 300 }],
  ['300seq,60s', { runs: 300, ms: 60_000 }],
  ['90s, 150runs', { runs: 150, ms: 90_000 }],
])('--budget %s', (text, budget) => {
  expect(parseBudget(text)).toEqual(budget)
  expect(parseBudget(formatBudget(budget))).toEqual(budget)
})

test.each(['', '0', '0s', '-5', 'fast', '2.5runs', '10 hours', '5s,6s', '3seq,4runs', '3seq,', ',3seq'])(
  '--budget %p is refused, naming the flag',
  (text) => {
    expect(() => parseBudget(text)).toThrow(/--budget/)
  },
)

test('--seed and --budget come from flags first, then PETSTORE_SEED and PETSTORE_BUDGET', () => {
  const base = ['--base-url', 'http://127.0.0.1:1/v1']
  expect(resolveTarget([...base, '--seed', '42', '--budget', '30s'], { PETSTORE_SEED: '7' })).toMatchObject({
    seed: 42,
    budget: { ms: 30_000 },
  })
  expect(resolveTarget(base, { PETSTORE_SEED: '-7', PETSTORE_BUDGET: '50runs' })).toMatchObject({
    seed: -7,
    budget: { runs: 50 },
  })
  expect(resolveTarget(base, {})).toMatchObject({ seed: undefined, budget: undefined })
  expect(() => resolveTarget([...base, '--seed', 'abc'], {})).toThrow(/--seed/)
})

test('--concurrency and --max-creates come from flags first, then PETSTORE_CONCURRENCY and PETSTORE_MAX_CREATES', () => {
  const base = ['--base-url', 'http://127.0.0.1:1/v1']
  expect(
    resolveTarget([...base, '--concurrency', '4', '--max-creates', '10'], { PETSTORE_MAX_CREATES: '99' }),
  ).toMatchObject({ concurrency: 4, maxCreates: 10 })
  expect(resolveTarget(base, { PETSTORE_CONCURRENCY: '1', PETSTORE_MAX_CREATES: '0' })).toMatchObject({
    concurrency: 1,
    maxCreates: 0,
  })
  expect(resolveTarget(base, {})).toMatchObject({ concurrency: undefined, maxCreates: undefined })
  for (const bad of ['0', '65', '2.5', 'many', '-1'])
    expect(() => resolveTarget([...base, '--concurrency', bad], {})).toThrow(/--concurrency/)
  for (const bad of ['-1', '1e3', 'ten', ''])
    expect(() => resolveTarget([...base, '--max-creates', bad], {})).toThrow(/--max-creates/)
})
