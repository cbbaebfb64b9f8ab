import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { defaultSpec } from '../spec/runtime.ts'
import { trafficJudge, VIOLATION_MESSAGE_MAX } from './trafficJudge.ts'

describe('the proxy judge, on what a hostile upstream or client can send', () => {
  test('never throws, whatever the request and the answer', () => {
    const judge = trafficJudge(defaultSpec())
    const target = fc.oneof(
      fc.constantFrom(
        '/pets',
        '/pets?status=sold',
        '/\\',
        '//',
        '/pets?limit=0',
        '/pets/1',
        '/pets/abc',
        '/pets/99999999999999999999',
      ),
      fc.string().map((text) => `/pets?${encodeURIComponent(text)}`),
      fc.string().map((text) => `/${text}`),
    )
    const text = fc.oneof(
      fc.string(),
      fc.jsonValue().map((value) => JSON.stringify(value)),
    )
    fc.assert(
      fc.property(
        fc.constantFrom('GET', 'POST', 'PUT'),
        target,
        fc.option(text),
        fc.integer({ min: 0, max: 599 }),
        text,
        (method, to, requestText, status, responseText) => {
          const violations = judge({
            method,
            target: to,
            requestText: requestText ?? undefined,
            status,
            responseText,
          })
          return violations.every((v) => v.message.length <= VIOLATION_MESSAGE_MAX && v.operation.length > 0)
        },
      ),
      { numRuns: 300 },
    )
  })

  test('a violation quoting a 1 MiB name stays within its bound', () => {
    const judge = trafficJudge(defaultSpec())
    const name = 'n'.repeat(1_048_576)
    const violations = judge({
      method: 'POST',
      target: '/pets',
      requestText: JSON.stringify({ name, categoryId: 1 }),
      status: 201,
      responseText: JSON.stringify({ id: 7, name: 'other', categoryId: 1, status: 'available' }),
    })
    expect(violations.map((v) => v.check)).toContain('interface_model')
    for (const violation of violations)
      expect(violation.message.length).toBeLessThanOrEqual(VIOLATION_MESSAGE_MAX)
  })

  test('a conforming exchange is not a violation; the same page after a create that it lacks is', () => {
    const judge = trafficJudge(defaultSpec())
    const pet = { id: 46, name: 'Rex', categoryId: 1, status: 'sold' }
    expect(
      judge({
        method: 'POST',
        target: '/pets',
        requestText: JSON.stringify({ name: 'Rex', categoryId: 1, status: 'sold' }),
        status: 201,
        responseText: JSON.stringify(pet),
      }),
    ).toEqual([])
    expect(
      judge({ method: 'GET', target: '/pets/46', status: 200, responseText: JSON.stringify(pet) }),
    ).toEqual([])
    const empty = judge({ method: 'GET', target: '/pets?status=sold', status: 200, responseText: '[]' })
    expect(empty.map((v) => `${v.check} ${v.operation}`)).toEqual(['interface_model listPets'])
  })
})
