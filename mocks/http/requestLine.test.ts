import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { createRedactor } from '../../kit/secrets/createRedactor.ts'
import { redactTarget } from '../../kit/secrets/redactTarget.ts'
import { requestLine, tenths } from './requestLine.ts'

const redact = createRedactor(['petstore-dev-key'])

describe('requestLine', () => {
  test('writes the target as redactTarget shows it, the first time and every time after', () => {
    const line = requestLine(redact)
    const targets = fc.sample(fc.webPath({ size: 'small' }), 300).map((path, i) => `${path}?token=t${i}`)
    targets.push(
      '/v1/pets/petstore-dev-key',
      '/v1/pets?api_key=petstore-dev-key',
      '/v1/pets/%70etstore-dev-key',
    )
    for (let round = 0; round < 2; round++)
      for (const target of targets)
        expect(line('GET', target, 200, 0.43)).toBe(`GET ${redactTarget(target, redact)} 200 0.4ms`)
  })

  test('never shows a key, in a short target or a long one', () => {
    const line = requestLine(redact)
    for (const target of [
      '/v1/pets?k=petstore-dev-key',
      `/v1/pets?pad=${'x'.repeat(300)}&k=petstore-dev-key`,
    ])
      for (let round = 0; round < 2; round++)
        expect(line('GET', target, 401, 1)).not.toContain('petstore-dev-key')
  })
})

describe('tenths', () => {
  test('is toFixed(1), or a tenth from it where the two round an exact half apart; one decimal always', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e7, noNaN: true }), (ms) => {
        const shown = tenths(ms)
        expect(shown).toMatch(/^\d+\.\d$/)
        expect(Math.abs(Number(shown) - Number(ms.toFixed(1)))).toBeLessThanOrEqual(0.1 + 1e-9)
      }),
    )
    expect([tenths(0), tenths(0.43), tenths(12), tenths(9.96)]).toEqual(['0.0', '0.4', '12.0', '10.0'])
  })
})
