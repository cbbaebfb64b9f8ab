import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { pageText } from './pageText.ts'

const pet = (id: number, name = 'Rex') => ({ id, name, categoryId: 1, status: 'available' })

describe('pageText', () => {
  test('is JSON.stringify of the page, for any sequence of pages and keys', () => {
    const pets = Array.from({ length: 6 }, (_, i) => pet(i + 1))
    const page = fc.array(fc.constantFrom(...pets), { maxLength: 5 })
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), page), { maxLength: 40 }), (calls) => {
        const text = pageText()
        for (const [key, items] of calls) expect(text(key, items)).toBe(JSON.stringify(items))
      }),
    )
  })

  test('a page of other pets under the same key is serialised anew, even when they look alike', () => {
    const text = pageText()
    expect(text('limit=1', [pet(1)])).toBe(JSON.stringify([pet(1)]))
    expect(text('limit=1', [pet(1, 'Tom')])).toBe(JSON.stringify([pet(1, 'Tom')]))
  })

  test('changing the page it was given afterwards does not change what it remembered', () => {
    const text = pageText()
    const page = [pet(1), pet(2)]
    const first = text('k', page)
    page.pop()
    expect(text('k', page)).toBe(JSON.stringify([pet(1)]))
    expect(first).toBe(JSON.stringify([pet(1), pet(2)]))
  })

  test('past its bound it starts over and answers every key right', () => {
    const text = pageText()
    const pets = Array.from({ length: 50 }, (_, i) => pet(i + 1))
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < 50; i++)
        expect(text(`limit=${i}`, pets.slice(0, i))).toBe(JSON.stringify(pets.slice(0, i)))
  })
})
