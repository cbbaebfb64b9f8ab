import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { parseJsonLossless } from '../../kit/json/exactJson.ts'
import type { Exchange } from '../http/exchange.ts'
import { CreateBudget, CreateBudgetSpent } from './CreateBudget.ts'
import { NotJudged } from './notJudged.ts'

/** An answer to a create: only what the budget reads. */
const answer = (status: number, id?: number) =>
  ({ status, json: id === undefined ? undefined : { id } }) as Exchange

describe('CreateBudget', () => {
  test('however many creates go out at once and whatever they get, no more than the budget may store a pet', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 12 }),
        fc.array(fc.constantFrom(201, 400, 401, 500, 0), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 10 }),
        async (max, statuses, width) => {
          const budget = new CreateBudget(max)
          let sent = 0
          let refusedByBudget = 0
          let next = 0
          const worker = async () => {
            while (next < statuses.length) {
              const status = statuses[next++] as number
              try {
                await budget.reserve()
              } catch (error) {
                expect(error).toBeInstanceOf(CreateBudgetSpent)
                refusedByBudget++
                continue
              }
              sent++
              await new Promise((resolve) => setTimeout(resolve, Math.random() * 2))
              budget.settle(answer(status, status === 201 ? sent : undefined))
            }
          }
          await Promise.all(Array.from({ length: width }, worker))
          const { created, uncertain } = budget.footprint('ct')
          expect(created + uncertain).toBeLessThanOrEqual(max)
          expect(sent + refusedByBudget).toBe(statuses.length)
          // A refusal by the budget only once every slot may have stored a pet.
          if (refusedByBudget > 0) expect(created + uncertain).toBe(max)
        },
      ),
      { numRuns: 60 },
    )
  })

  test('4xx answers and documented refusals give their slot back; the footprint keeps the id range exactly', async () => {
    const budget = new CreateBudget(2)
    for (const status of [400, 401, 422]) {
      await budget.reserve()
      budget.settle(answer(status))
    }
    await budget.reserve()
    budget.settle(answer(507), true)
    await budget.reserve()
    // An id beyond 2^53, read exactly as the runner reads bodies.
    budget.settle({ status: 201, json: parseJsonLossless('{"id":9007199254740993}') } as Exchange)
    await budget.reserve()
    budget.settle(answer(201, 7))
    await expect(budget.reserve()).rejects.toThrow(/--max-creates 2: 2 pets created/)
    await expect(budget.reserve()).rejects.toBeInstanceOf(NotJudged)
    expect(budget.footprint('ctabc')).toMatchObject({
      created: 2,
      uncertain: 0,
      minId: '7',
      maxId: '9007199254740993',
      tag: 'ctabc',
    })
  })
})
