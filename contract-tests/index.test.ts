// petstore-mock/contract (contract-tests/index.ts) is what teams import: it must keep up with what
// runContract.ts and the report writers export, whoever adds to them.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, test } from '@jest/globals'
import { formatConsole, runContract, toJsonSummary, toJunitXml } from './index.ts'

const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8')
const exportedNames = (text: string) =>
  [...text.matchAll(/^export (?:async )?(?:function|interface|type|const|class) (\w+)/gm)].map(
    (match) => match[1] as string,
  )
const entry = source('./index.ts')

describe('petstore-mock/contract', () => {
  test('re-exports everything runContract.ts exports (functions and report types)', () => {
    const names = exportedNames(source('./running/runContract.ts'))
    expect(names).toContain('runContract')
    expect(names.filter((name) => !new RegExp(`\\b${name}\\b`).test(entry))).toEqual([])
  })

  test('re-exports every report writer', () => {
    const writers = readdirSync(new URL('./report/', import.meta.url)).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    )
    const names = writers.flatMap((file) => exportedNames(source(`./report/${file}`)))
    expect(names.filter((name) => !new RegExp(`\\b${name}\\b`).test(entry))).toEqual([])
  })

  test('runContract and the writers are functions at run time', () => {
    for (const exported of [runContract, formatConsole, toJunitXml, toJsonSummary])
      expect(typeof exported).toBe('function')
  })
})
