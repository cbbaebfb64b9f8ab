import { describe, expect, test } from '@jest/globals'
import { isolationProblem, mixedRequest, petName, SESSION_MIX, sessionOfName } from './sessionMix.ts'

describe('mixedRequest', () => {
  test('sessions take turns, and every session starts with a create of its own name', () => {
    const first = Array.from({ length: 4 }, (_, index) => mixedRequest(index, 4, '/v1', 'k'))
    expect(first.map((one) => [one.session, one.step, one.operation])).toEqual([
      [0, 0, 'createPet'],
      [1, 0, 'createPet'],
      [2, 0, 'createPet'],
      [3, 0, 'createPet'],
    ])
    expect(JSON.parse(String(first[2]?.request.body))).toEqual({ name: 's2p0', categoryId: 1 })
    expect(first[2]?.request.headers).toMatchObject({
      'x-mock-session': 'bench-2',
      authorization: 'Bearer k',
    })
  })

  test('over a whole cycle: 2 creates, 3 lists, 5 reads of a seeded id per session', () => {
    const sessions = 7
    const cycle = Array.from({ length: sessions * SESSION_MIX.length }, (_, index) =>
      mixedRequest(index, sessions, '/v1', 'k'),
    ).filter((one) => one.session === 3)
    const count = (operation: string) => cycle.filter((one) => one.operation === operation).length
    expect([count('createPet'), count('listPets'), count('getPet')]).toEqual([2, 3, 5])
    for (const read of cycle.filter((one) => one.operation === 'getPet')) {
      const id = Number(read.request.path?.split('/').at(-1))
      expect(id >= 1 && id <= 45).toBe(true)
    }
  })
})

describe('isolationProblem', () => {
  test('its own pets and the seed: isolated', () => {
    expect(isolationProblem(3, ['Rex', petName(3, 0), petName(3, 6)], [petName(3, 0), petName(3, 6)])).toBe(
      undefined,
    )
  })

  test("another session's pet is a leak, a missing own pet is a loss; both are named", () => {
    expect(isolationProblem(3, ['Rex', petName(4, 0)], [petName(3, 0)])).toBe(
      'session 3 sees s4p0 of session 4; lost s3p0',
    )
  })

  test('names not made by the bench (the seed, non-strings) belong to no session', () => {
    expect(sessionOfName('s12p3')).toBe(12)
    expect([sessionOfName('Rex'), sessionOfName('s1p'), sessionOfName(7)]).toEqual([
      undefined,
      undefined,
      undefined,
    ])
  })
})
