// The model's pure judges, table by table, against the project's spec and against an evolved one
// (a fourth status, another limit maximum and default, an extra optional field).
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { newPetArbitrary } from '../contract-tests/stateful/newPetArbitrary.ts'
import { compileSpec, defaultSpec, openApiDocument, type PetStoreDocument } from '../spec/runtime.ts'
import { interfaceModelOf } from './interfaceModel.ts'
import { isNeutralNewPet } from './isNeutralNewPet.ts'
import { judgeCreate } from './judgeCreate.ts'
import { judgeGet } from './judgeGet.ts'
import { judgeList } from './judgeList.ts'
import { StoreKnowledge } from './StoreKnowledge.ts'
import { sameJson } from './sameJson.ts'

const model = interfaceModelOf(defaultSpec())

/** The spec, evolved: status `reserved`, limit up to 250 (default 50), an optional string `tag`. */
function evolvedDocument(): PetStoreDocument {
  const document = structuredClone(openApiDocument)
  // Every $ref is resolved into a copy, so PetStatus's enum appears wherever it is used.
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return
    const record = node as Record<string, unknown>
    if (Array.isArray(record.enum) && record.enum.includes('sold')) record.enum.push('reserved')
    for (const child of Object.values(record)) visit(child)
  }
  visit(document)
  for (const item of Object.values(document.paths)) {
    for (const parameter of item.get?.parameters ?? [])
      if (parameter.name === 'limit') Object.assign(parameter.schema, { maximum: 250, default: 50 })
  }
  const newPet = document.paths['/pets']?.post?.requestBody?.content['application/json']?.schema as {
    properties: Record<string, unknown>
  }
  newPet.properties.tag = { type: 'string' }
  return document
}

const pet = (id: number | bigint, status = 'available', name = 'Rex') => ({ id, name, categoryId: 1, status })

describe('interfaceModelOf reads the rules from the document it is given', () => {
  test('the project spec', () => {
    expect(model.statuses).toEqual(['available', 'pending', 'sold'])
    expect(model.limit).toEqual({ minimum: 1, maximum: 100, default: 20 })
    expect(Object.keys(model.newPet.properties).sort()).toEqual(['categoryId', 'name', 'status'])
    expect([...model.pet.required].sort()).toEqual(['categoryId', 'id', 'name'])
  })

  test('an evolved spec: a fourth status, another maximum and default, an extra optional field', () => {
    const evolved = interfaceModelOf(compileSpec(evolvedDocument(), { lazy: true }))
    expect(evolved.statuses).toContain('reserved')
    expect(evolved.limit).toEqual({ minimum: 1, maximum: 250, default: 50 })
    expect(Object.keys(evolved.newPet.properties)).toContain('tag')
    // The generated bodies use the evolved schema: every status including the new one, the new field.
    const bodies = fc.sample(newPetArbitrary(evolved), { numRuns: 400, seed: 7 })
    expect(bodies.some((body) => body.status === 'reserved')).toBe(true)
    expect(bodies.some((body) => typeof body.tag === 'string')).toBe(true)
    // A page of 50 without limit is fine under the evolved default, 21 too many under the old one.
    const knowledge = new StoreKnowledge(evolved)
    const page = Array.from({ length: 50 }, (_, i) => pet(i + 1))
    expect(judgeList(evolved, knowledge, {}, { status: 200, body: page }, 'step 1')).toBeUndefined()
    expect(
      judgeList(model, new StoreKnowledge(model), {}, { status: 200, body: page }, 'step 1'),
    ).toMatchObject({
      received: '50 pets',
    })
    // The extra field must round-trip exactly, like the others.
    const submitted = { name: 'Rex', categoryId: 1, status: 'reserved', tag: 'x' }
    expect(
      judgeCreate(
        evolved,
        knowledge,
        submitted,
        { status: 201, body: { ...submitted, id: 99, tag: 'X' } },
        's',
      ),
    ).toMatchObject({ operation: 'createPet', received: expect.stringContaining('differs in tag') })
  })
})

describe('judgeCreate', () => {
  const neutral = { name: 'Rex', categoryId: 3, status: 'sold' }
  const gap = { name: ' e\u0301 ', categoryId: 2n ** 53n + 1n }

  test.each([
    ['201 with every field exactly', neutral, { status: 201, body: { ...neutral, id: 1 } }, undefined],
    [
      'a gap body refused with 400',
      gap,
      { status: 400, body: { code: 'x', message: 'y', status: 400 } },
      undefined,
    ],
    [
      'a gap body refused with 422 (whether it is 400 is recommended)',
      gap,
      { status: 422, body: {} },
      undefined,
    ],
    ['a gap body kept exactly', gap, { status: 201, body: { ...gap, id: 2, status: 'pending' } }, undefined],
    ['a neutral body refused', neutral, { status: 400, body: {} }, /^400/],
    ['a gap body answered 500', gap, { status: 500, body: {} }, /^500/],
    ['a 401 for any body', gap, { status: 401, body: {} }, /^401/],
    ['categoryId rounded', gap, { status: 201, body: { ...gap, id: 3, categoryId: 2 ** 53 } }, /categoryId/],
    ['name trimmed', gap, { status: 201, body: { ...gap, id: 4, name: 'e\u0301' } }, /differs in name/],
    ['name NFC-normalised', gap, { status: 201, body: { ...gap, id: 5, name: ' \u00e9 ' } }, /\\u00e9/],
    [
      'status omitted though sent',
      neutral,
      { status: 201, body: { id: 6, name: 'Rex', categoryId: 3 } },
      /status/,
    ],
    [
      'an undocumented status chosen',
      { name: 'a', categoryId: 1 },
      { status: 201, body: { id: 7, name: 'a', categoryId: 1, status: 'gone' } },
      /not one of/,
    ],
    ['no integer id', neutral, { status: 201, body: { ...neutral, id: '8' } }, /no integer id/],
  ])('%s', (_name, submitted, answer, expected) => {
    const problem = judgeCreate(model, new StoreKnowledge(model), submitted, answer, 'step 1')
    if (expected === undefined) expect(problem).toBeUndefined()
    else expect(problem?.received).toMatch(expected)
  })

  test('an id another known pet has is a duplicate, whichever create got it first', () => {
    const knowledge = new StoreKnowledge(model)
    expect(
      judgeCreate(model, knowledge, neutral, { status: 201, body: { ...neutral, id: 9 } }, 'step 1'),
    ).toBeUndefined()
    expect(
      judgeCreate(model, knowledge, neutral, { status: 201, body: { ...neutral, id: 9 } }, 'step 2'),
    ).toMatchObject({ received: expect.stringContaining('id 9, which pet') })
    expect(knowledge.created.map((known) => known.id)).toEqual([9n])
  })

  test('a gap value may be refused, but not after a 201 accepted it (a repeated name gets 409)', () => {
    const knowledge = new StoreKnowledge(model)
    const refused = { status: 409, body: { code: 'conflict', message: 'exists', status: 409 } }
    expect(judgeCreate(model, knowledge, gap, refused, 'step 1')).toBeUndefined()
    expect(
      judgeCreate(model, knowledge, gap, { status: 201, body: { ...gap, id: 1 } }, 'step 2'),
    ).toBeUndefined()
    expect(judgeCreate(model, knowledge, gap, refused, 'step 3')?.documented).toMatch(
      /accepted by an earlier 201/,
    )
    expect(judgeCreate(model, knowledge, { ...gap, name: 'other' }, refused, 'step 4')).toBeUndefined()
  })

  test('a field NewPet does not declare is a gap: kept, dropped or refused, never a required failure', () => {
    const extra = { ...neutral, nickname: 'Rexy', client_secret: 's3cr3t' }
    const dropped = { status: 201, body: { ...neutral, id: 11 } }
    const kept = { status: 201, body: { ...extra, id: 12 } }
    const changed = { status: 201, body: { ...neutral, nickname: 'other', id: 13 } }
    const refused = { status: 400, body: { code: 'unknown_field', message: 'nickname', status: 400 } }
    for (const answer of [dropped, kept, changed, refused])
      expect(judgeCreate(model, new StoreKnowledge(model), extra, answer, 'step 1')).toBeUndefined()
    // The declared fields are still judged exactly, and a 500 is still a failure.
    const renamed = { status: 201, body: { ...neutral, name: 'Max', id: 14 } }
    expect(judgeCreate(model, new StoreKnowledge(model), extra, renamed, 'step 1')?.received).toMatch(
      /differs in name/,
    )
    expect(
      judgeCreate(model, new StoreKnowledge(model), extra, { status: 500, body: {} }, 'step 1'),
    ).toBeDefined()
    // Accepted before without the extra field, the same declared values may still be refused with it.
    const knowledge = new StoreKnowledge(model)
    const gapBody = { ...gap }
    expect(
      judgeCreate(model, knowledge, gapBody, { status: 201, body: { ...gap, id: 15 } }, 's1'),
    ).toBeUndefined()
    expect(judgeCreate(model, knowledge, { ...gap, nickname: 'x' }, refused, 's2')).toBeUndefined()
    expect(isNeutralNewPet(model, extra)).toBe(false)
  })

  test('isNeutralNewPet: the omitted status, long or non-ASCII names and big categoryIds are gaps', () => {
    expect(isNeutralNewPet(model, neutral)).toBe(true)
    expect(isNeutralNewPet(model, { name: 'Rex', categoryId: 3 })).toBe(false)
    expect(isNeutralNewPet(model, { ...neutral, name: 'R\u00e9x' })).toBe(false)
    expect(isNeutralNewPet(model, { ...neutral, name: 'x'.repeat(17) })).toBe(false)
    expect(isNeutralNewPet(model, { ...neutral, categoryId: 0 })).toBe(false)
  })
})

describe('judgeList', () => {
  const known = () => {
    const knowledge = new StoreKnowledge(model)
    for (const [i, status] of ['available', 'available', 'sold'].entries())
      knowledge.learn(pet(i + 1, status), true, `created in step ${i + 1}`)
    return knowledge
  }

  test.each([
    ['any order', { status: 'available' }, [pet(2), pet(1)], undefined],
    [
      'pets the run does not know are fine',
      {},
      [pet(3, 'sold'), pet(7, 'pending'), pet(2), pet(1)],
      undefined,
    ],
    ['a full page may leave known pets out', { limit: 1 }, [pet(7, 'pending')], undefined],
    ['more than limit', { limit: 1 }, [pet(1), pet(2)], /2 pets/],
    ['a pet of another status under a filter', { status: 'sold' }, [pet(3, 'sold'), pet(1)], /in the page/],
    ['fewer than min(limit, known)', { status: 'available', limit: 5 }, [pet(1)], /^1 pets/],
    ['room left but a known pet missing', {}, [pet(1), pet(2), pet(8, 'pending')], /without pet 3/],
    ['a duplicate id', {}, [pet(1), pet(1), pet(2), pet(3, 'sold')], /twice/],
    ['a known pet changed', {}, [pet(1, 'available', 'Max'), pet(2), pet(3, 'sold')], /read as/],
    ['not a list', {}, { pets: [] }, /^200/],
    ['an int64 id is fine', {}, [pet(1), pet(2), pet(3, 'sold'), pet(2n ** 62n, 'pending')], undefined],
  ])('%s', (_name, query, body, expected) => {
    const problem = judgeList(model, known(), query, { status: 200, body }, 'step 4')
    if (expected === undefined) expect(problem).toBeUndefined()
    else expect(problem?.received).toMatch(expected)
  })
})

describe('judgeGet', () => {
  test.each([
    ['a known pet, the same', 1n, { status: 200, body: pet(1) }, undefined],
    ['a known pet, lost', 1n, { status: 404, body: {} }, /^404/],
    ['a known pet, changed', 1n, { status: 200, body: pet(1, 'sold') }, /read as/],
    ['an unknown id, 404', 5n, { status: 404, body: {} }, undefined],
    ['an unknown id, another writer`s pet', 5n, { status: 200, body: pet(5) }, undefined],
    [
      'an unknown id answered with another id',
      2n ** 53n + 1n,
      { status: 200, body: pet(2n ** 53n) },
      /another id/,
    ],
  ])('%s', (_name, id, answer, expected) => {
    const knowledge = new StoreKnowledge(model)
    knowledge.learn(pet(1), true, 'created in step 1')
    const problem = judgeGet(knowledge, id, answer, 'step 2')
    if (expected === undefined) expect(problem).toBeUndefined()
    else expect(problem?.received).toMatch(expected)
  })
})

test('sameJson compares integers exactly across number and bigint, objects in any key order', () => {
  expect(sameJson({ a: 1, b: [2n] }, { b: [2], a: 1n })).toBe(true)
  expect(sameJson(2n ** 53n + 1n, 2 ** 53)).toBe(false)
  expect(sameJson('e\u0301', '\u00e9')).toBe(false)
  expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false)
  expect(sameJson([1, 2], { 0: 1, 1: 2 })).toBe(false)
})
