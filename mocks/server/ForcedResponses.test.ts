import { describe, expect, test } from '@jest/globals'
import { ForcedResponses } from './ForcedResponses.ts'

describe('ForcedResponses', () => {
  test('a forced status is taken once, by its own operation only', () => {
    const forced = new ForcedResponses()
    forced.force('listPets', 401)
    expect(forced.take('createPet')).toBeUndefined()
    expect(forced.pending()).toEqual([{ operation: 'listPets', status: 401 }])
    expect(forced.take('listPets')).toBe(401)
    expect(forced.take('listPets')).toBeUndefined()
  })

  test('forcing again replaces; clear drops everything', () => {
    const forced = new ForcedResponses()
    forced.force('listPets', 401)
    forced.force('listPets', 400)
    forced.force('getPet', 404)
    expect(forced.pending()).toEqual([
      { operation: 'listPets', status: 400 },
      { operation: 'getPet', status: 404 },
    ])
    forced.clear()
    expect(forced.pending()).toEqual([])
  })
})
