import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from '@jest/globals'
import { writeFileWhole } from './writeFileWhole.ts'

const folder = mkdtempSync(join(tmpdir(), 'petstore-write-whole-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

test('writes the text whole, its folders made, over an older report, with nothing left beside it', async () => {
  const file = join(folder, 'reports', 'contract', 'summary.json')
  expect(await writeFileWhole(file, '{"old":true}\n')).toBeUndefined()
  expect(await writeFileWhole(file, '{"new":true}\n')).toBeUndefined()
  expect(readFileSync(file, 'utf8')).toBe('{"new":true}\n')
  expect(readdirSync(join(folder, 'reports', 'contract'))).toEqual(['summary.json'])
})

test('what cannot be written is said, and leaves no part of itself', async () => {
  // A folder where the report should go: not ours to remove, and nothing of the text beside it.
  const taken = join(folder, 'taken')
  mkdirSync(join(taken, 'junit.xml'), { recursive: true })
  expect(await writeFileWhole(join(taken, 'junit.xml'), '<testsuites/>')).toMatch(/EISDIR|ENOTEMPTY|EEXIST/)
  expect(readdirSync(taken)).toEqual(['junit.xml'])
  // A file where its folder should be.
  writeFileSync(join(folder, 'plain'), 'x')
  expect(await writeFileWhole(join(folder, 'plain', 'report.html'), '<p>')).toMatch(/ENOTDIR|EEXIST/)
  expect(readFileSync(join(folder, 'plain'), 'utf8')).toBe('x')
})
