import { describe, expect, test } from '@jest/globals'
import { compileSpec, defaultSpec } from '../../spec/runtime.ts'
import { suiteVocabularyOf } from '../base/SuiteVocabulary.ts'
import type { Exchange } from '../http/exchange.ts'
import { KEPT_ITEMS_MAX } from '../json/keptJson.ts'
import { createKeeper, KEPT_TEXT_MAX, keptItemsFor } from './keptExchange.ts'

const exchange = (json: unknown, text = JSON.stringify(json)): Exchange => ({
  request: { operation: 'listPets', method: 'GET', path: '/pets', url: 'http://t/v1/pets' },
  status: 200,
  headers: new Headers(),
  text,
  json,
  curl: "curl 'http://t/v1/pets'",
})

describe('keptItemsFor: a full page of the document checked against is always kept', () => {
  test('twice the maximum limit, for the packaged spec and for one with larger pages', () => {
    const vocabulary = suiteVocabularyOf(defaultSpec().vocabulary)
    expect(keptItemsFor(vocabulary)).toBe(Math.max(KEPT_ITEMS_MAX, 2 * vocabulary.limit.maximum))
    const document = structuredClone(defaultSpec().document)
    const limit = document.paths['/pets']?.get?.parameters?.find((parameter) => parameter.name === 'limit')
    if (!limit) throw new Error('the spec has no listPets limit')
    limit.schema.maximum = 250
    expect(keptItemsFor(suiteVocabularyOf(compileSpec(document, { lazy: true }).vocabulary))).toBe(500)
  })
})

describe('createKeeper: what the run keeps of an exchange', () => {
  test('an excerpt, the facts, and how many items a cut array held', () => {
    const huge = Array.from({ length: 5_000 }, () => [])
    const kept = createKeeper().keep(exchange(huge))
    expect(kept.text.length).toBe(KEPT_TEXT_MAX)
    expect(kept.json).toHaveLength(KEPT_ITEMS_MAX)
    expect(kept.items).toBe(5_000)
    const page = [{ id: 1, name: 'Rex', categoryId: 1, status: 'sold' }]
    expect(createKeeper().keep(exchange(page))).toMatchObject({ json: page, text: JSON.stringify(page) })
    expect(createKeeper().keep(exchange(page)).items).toBeUndefined()
  })

  test("past the run's budget the log keeps exchanges without facts, and counts them; the sender still gets them", () => {
    const keeper = createKeeper({ runMax: 100 })
    const page = [{ id: 1, name: 'x'.repeat(60) }]
    const first = keeper.keep(exchange(page))
    const logged = keeper.log(first)
    expect(logged).toMatchObject({ json: page, status: 200, text: '', curl: first.curl })
    expect([...logged.headers]).toEqual([])
    const second = keeper.keep(exchange(page))
    expect(second.json).toEqual(page)
    expect(keeper.log(second).json).toBeUndefined()
    expect(keeper.dropped()).toBe(1)
  })
})
