import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { hostnameOf, hostPolicy, isLoopbackHost } from './hostAllowed.ts'

describe('hostPolicy', () => {
  const policy = hostPolicy(['mock.internal', '.dev.example'])
  test.each([
    ['127.0.0.1:4010', true],
    ['[::1]:4010', true],
    ['192.168.1.20:4010', true],
    ['localhost:4010', true],
    ['LOCALHOST.', true],
    ['app.localhost:5173', true],
    ['mock.internal:4010', true],
    ['api.dev.example', true],
    ['dev.example', true],
    ['evil.example:4010', false],
    ['localhost.evil.example', false],
    ['mock.internal.evil.example', false],
    ['notdev.example', false],
    ['127.0.0.1:abc', false],
    ['[::1', false],
    ['a:b:c', false],
    ['', false],
  ])('%s → %s', (host, allowed) => {
    expect(policy.allows(host)).toBe(allowed)
  })

  test('no Host (HTTP/1.0) is allowed, `all` allows every name', () => {
    expect(hostPolicy().allows(undefined)).toBe(true)
    expect(hostPolicy().allows('rebind.example')).toBe(false)
    expect(hostPolicy(['all']).allows('rebind.example')).toBe(true)
  })
})

describe('hostnameOf and isLoopbackHost', () => {
  test.each([
    ['Example.COM:80', 'example.com'],
    ['[::1]', '::1'],
    ['[::1]:x', undefined],
    // Only a colon may stand between the literal and its port.
    ['[::1]x80', undefined],
  ])('hostnameOf(%s) = %s', (header, name) => {
    expect(hostnameOf(header)).toBe(name)
  })
  test.each([
    ['127.0.0.1', true],
    ['127.3.2.1', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.2', false],
  ])('isLoopbackHost(%s) = %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback)
  })
})

describe('hostPolicy keeps only the last verdict (a pure function of the header)', () => {
  test('any sequence of Host headers gets the verdict each would get alone', () => {
    const hosts = [
      '127.0.0.1:4010',
      'evil.example',
      'localhost',
      'api.team.test',
      'rebind.attacker.example:80',
      '[::1]:1',
      'x:y',
    ]
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...hosts), { maxLength: 30 }), (sequence) => {
        const policy = hostPolicy(['.team.test'])
        for (const host of sequence) expect(policy.allows(host)).toBe(hostPolicy(['.team.test']).allows(host))
      }),
    )
  })
})
