// docs/contract-own-server.md lists every check with its level; this keeps the page and the code in step.
import { readFileSync } from 'node:fs'
import { expect, test } from '@jest/globals'
import { CHECKS } from './index.ts'

const page = readFileSync(new URL('../../docs/contract-own-server.md', import.meta.url), 'utf8')
const rows = new Map(
  [...page.matchAll(/^\| `([a-z_]+)` \| (required|recommended) \|/gm)].map((m) => [m[1], m[2]] as const),
)

test.each(CHECKS.map((check) => [check.name, check.level]))('%s is listed as %s', (name, level) => {
  expect(rows.get(name)).toBe(level)
})

test('the page lists no check the suite does not have', () => {
  expect([...rows.keys()].filter((name) => !CHECKS.some((check) => check.name === name))).toEqual([])
})
