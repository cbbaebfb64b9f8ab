// A check's description is written from the spec it checks against: an evolved spec (another
// maximum and default for listPets' limit, tests/support/evolveSpec.ts) changes the descriptions that name
// them, and no description keeps the packaged spec's numbers.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from '@jest/globals'
import { bundleSpec, compileSpec, defaultSpec, loadSpec } from '../../spec/index.ts'
import { EVOLUTION, evolveSpec } from '../../tests/support/evolveSpec.ts'
import { suiteVocabularyOf } from '../base/SuiteVocabulary.ts'
import { CHECKS } from './index.ts'
import { replayedInteractions } from './replayedInteractions.ts'

const dir = await mkdtemp(join(tmpdir(), 'petstore-descriptions-'))
afterAll(() => rm(dir, { recursive: true, force: true }))
const path = join(dir, 'openapi.json')
await writeFile(path, JSON.stringify(evolveSpec(await bundleSpec())))
const evolved = suiteVocabularyOf(compileSpec(await loadSpec(path), { lazy: true }).vocabulary)
const packaged = suiteVocabularyOf(defaultSpec().vocabulary)

const checks = [...CHECKS, replayedInteractions({ exchanges: [], basePath: packaged.basePath })]
const describedBy = (vocabulary: typeof packaged) =>
  new Map(checks.map((check) => [check.name, check.description(vocabulary)]))
/** The packaged spec's limit numbers, as whole numbers in a text: its default, its maximum, one past it. */
const packagedNumbers = new RegExp(
  `\\b(${[packaged.limit.default, packaged.limit.maximum, packaged.limit.maximum + 1].join('|')})\\b`,
)

test('the evolution changes the limit, so the test below can tell', () => {
  expect(evolved.limit).toEqual({ ...packaged.limit, ...EVOLUTION.limit })
})

test('the descriptions that name the limit follow the spec; the others do not change', () => {
  const before = describedBy(packaged)
  const after = describedBy(evolved)
  const changed = [...before].filter(([name, text]) => after.get(name) !== text).map(([name]) => name)
  expect(changed.sort()).toEqual(
    [
      'default_limit',
      'limit_bounds',
      'limit_maximum_honoured',
      'page_within_limit',
      'parameter_violations_rejected',
      'status_filter',
    ].sort(),
  )
  expect(after.get('default_limit')).toContain(`the default number of pets, ${EVOLUTION.limit.default},`)
  expect(after.get('limit_bounds')).toContain(`more than ${EVOLUTION.limit.maximum} pets`)
  expect(after.get('limit_maximum_honoured')).toContain(`more than ${EVOLUTION.limit.maximum} pets`)
  expect(after.get('parameter_violations_rejected')).toContain(`${EVOLUTION.limit.maximum + 1}, abc`)
  expect(after.get('page_within_limit')).toContain(`${EVOLUTION.limit.default} when omitted`)
  expect([...before.values()].filter((text) => packagedNumbers.test(text))).toHaveLength(changed.length)
  expect([...after.values()].filter((text) => packagedNumbers.test(text))).toEqual([])
})
