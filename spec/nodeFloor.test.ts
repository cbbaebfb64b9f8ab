import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { isBelow, libraryNodeProblem, NODE_FLOOR } from './nodeFloor.ts'

const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
  engines: { node: string }
}

describe('the Node floor of the library entries', () => {
  test('is the one package.json states in engines.node', () => {
    expect(manifest.engines.node).toBe(`>=${NODE_FLOOR}`)
  })

  test('a Node below it gets one sentence naming both versions; the floor and above, nothing', () => {
    const version = fc.tuple(fc.nat(40), fc.nat(30), fc.nat(30)).map((parts) => parts.join('.'))
    fc.assert(
      fc.property(version, (v) => {
        const problem = libraryNodeProblem(v)
        if (!isBelow(v, NODE_FLOOR)) return problem === undefined
        return (
          problem?.includes(`needs Node ${NODE_FLOOR} or later`) === true &&
          problem.includes(`this is Node ${v}:`) &&
          !problem.includes('\n') &&
          problem.split('. ').length === 1
        )
      }),
    )
    expect(libraryNodeProblem('20.19.0')).toMatch(/^petstore-mock needs Node 22\.12\.0 or later/)
    expect(libraryNodeProblem(NODE_FLOOR)).toBeUndefined()
  })

  test('outside Node (a browser) there is no version and nothing to say', () => {
    expect(libraryNodeProblem(undefined)).toBeUndefined()
  })
})
