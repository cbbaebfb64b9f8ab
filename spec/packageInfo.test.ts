import { readFileSync } from 'node:fs'
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { isBelow } from './nodeFloor.ts'
import { nodeTooOldMessage, readPackageInfo } from './packageInfo.ts'

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string
  engines: { node: string }
  repository: { url: string }
}

describe('packageInfo', () => {
  test('reads this package.json: version, the Node floor from engines, the repository address', () => {
    const info = readPackageInfo()
    expect(info.version).toBe(manifest.version)
    expect(`>=${info.nodeFloor}`).toBe(manifest.engines.node)
    expect(manifest.repository.url).toContain(info.homepage.replace(/^https:\/\//, ''))
    expect(info.homepage).toMatch(/^https:\/\/[^/]+\/[^/]+\/[^/]+$/)
  })

  test.each([
    ['20.19.0', '22.12.0', true],
    ['22.11.9', '22.12.0', true],
    ['22.12.0', '22.12.0', false],
    ['22.13.0', '22.12.0', false],
    ['24.0.0', '22.12.0', false],
    ['9.0.0', '22.12.0', true],
    ['100.0.0', '22.12.0', false],
  ])('isBelow(%s, %s) is %s (numeric, not text, comparison)', (version, floor, below) => {
    expect(isBelow(version, floor)).toBe(below)
  })

  test('isBelow orders versions as tuples of numbers', () => {
    const version = fc.tuple(fc.nat(40), fc.nat(40), fc.nat(40))
    fc.assert(
      fc.property(version, version, (a, b) => {
        const tupleBelow = a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] < b[2]
        expect(isBelow(a.join('.'), b.join('.'))).toBe(tupleBelow)
      }),
    )
  })

  test('an old Node gets one line naming the bin, the floor and the Node it found; a new one nothing', () => {
    const info = readPackageInfo()
    const message = nodeTooOldMessage('petstore-mock', '20.19.0', info)
    expect(message).toMatch(
      new RegExp(`^petstore-mock: needs Node ${info.nodeFloor} or later; this is Node 20\\.19\\.0`),
    )
    expect(message).not.toContain('\n')
    expect(nodeTooOldMessage('petstore-mock', info.nodeFloor, info)).toBeUndefined()
    expect(nodeTooOldMessage('petstore-mock', process.versions.node, info)).toBeUndefined()
  })
})
