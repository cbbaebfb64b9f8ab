import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { exchangeOf, type FlatExchange } from '../../tests/support/journalExchange.ts'
import { createRedactor } from '../secrets/createRedactor.ts'
import {
  JOURNAL_BODY_CHARS,
  JOURNAL_PATH_CHARS,
  JOURNAL_QUERY_CHARS,
  type JournalRecord,
  journalRecordCost,
  readJournalRecord as read,
  journalRecord as recordOf,
} from './journalEntry.ts'

/** The journal's functions with the secrets given as a list. */
const journalRecord = (exchange: FlatExchange, secrets: readonly string[], at?: number) =>
  recordOf(exchangeOf(exchange), createRedactor(secrets), at)
const readJournalRecord = (record: JournalRecord, secrets: readonly string[]) =>
  read(record, createRedactor(secrets))

/** A record read at once: what `GET /__mock/requests` shows of one exchange. */
const journalEntry = (exchange: FlatExchange, secrets: readonly string[], now = new Date()) =>
  readJournalRecord(journalRecord(exchange, secrets, now.getTime()), secrets)

const KEY = 'petstore-dev-key'
const at = new Date('2026-11-23T10:00:00.000Z')
const entryOf = (url: string, secrets: string[] = [KEY]) =>
  journalEntry({ method: 'GET', url, status: 200, operation: 'listPets' }, secrets, at)

/** `text` with each character percent-encoded or not, in upper- or lower-case hex, as fast-check picks. */
const encodedForms = (text: string) =>
  fc
    .array(fc.constantFrom('plain', 'upper', 'lower'), { minLength: text.length, maxLength: text.length })
    .map((forms) =>
      [...text]
        .map((char, i) => {
          const hex = char.charCodeAt(0).toString(16).padStart(2, '0')
          return forms[i] === 'plain' ? char : `%${forms[i] === 'upper' ? hex.toUpperCase() : hex}`
        })
        .join(''),
    )

describe('journalEntry', () => {
  test('splits path and query; the query as parsed, a repeated name as an array', () => {
    expect(entryOf('/v1/pets?limit=5&status=sold&status=pending&empty=')).toEqual({
      method: 'GET',
      path: '/v1/pets',
      query: { limit: '5', status: ['sold', 'pending'], empty: '' },
      status: 200,
      operation: 'listPets',
      time: '2026-11-23T10:00:00.000Z',
    })
  })

  test('no operation is null; a name like __proto__ is just a name', () => {
    const entry = journalEntry(
      { method: 'GET', url: '/nope?__proto__=x', status: 404, operation: undefined },
      [],
    )
    expect(entry.operation).toBeNull()
    expect(Object.getOwnPropertyDescriptor(entry.query, '__proto__')?.value).toBe('x')
    expect(Object.getPrototypeOf({})).toBe(Object.prototype)
    expect(JSON.parse(JSON.stringify(entry)).query).toEqual({ ['__proto__']: 'x' })
  })

  test('an accepted key never appears, however it is percent-encoded, in the path or the query', () => {
    fc.assert(
      fc.property(encodedForms(KEY), (form) => {
        for (const url of [
          `/v1/pets/${form}`,
          `/v1/pets?q=${form}`,
          `/v1/pets?${form}=1`,
          `/v1/pets?x=a${form}b`,
        ]) {
          const text = JSON.stringify(entryOf(url))
          if (text.includes(KEY) || text.includes(form)) return false
        }
        return true
      }),
    )
  })

  test('values of credential-looking names are hidden, whatever the value', () => {
    expect(entryOf('/v1/pets?api_key=guess&Access_Token=t&limit=2', []).query).toEqual({
      api_key: '***',
      Access_Token: '***',
      limit: '2',
    })
  })

  test('a huge URL is clipped, so one entry stays small', () => {
    const entry = entryOf(`/v1/${'p'.repeat(10_000)}?${'a=1&'.repeat(5_000)}`)
    expect(entry.path.length).toBeLessThanOrEqual(JOURNAL_PATH_CHARS + 1)
    expect(JSON.stringify(entry.query).length).toBeLessThan(JOURNAL_QUERY_CHARS * 2)
  })

  test('a record read later is the entry made at once, for short and long targets alike', () => {
    const target = fc
      .tuple(fc.webPath({ size: 'large' }), fc.webQueryParameters({ size: 'large' }), fc.boolean())
      .map(([path, query, withKey]) => `/v1${path}?${query}${withKey ? `&k=${KEY}` : ''}`)
    fc.assert(
      fc.property(target, fc.integer({ min: 0, max: 4_102_444_800_000 }), (url, at) => {
        const exchange = { method: 'GET', url, status: 200, operation: 'listPets' }
        const read = readJournalRecord(journalRecord(exchange, [KEY], at), [KEY])
        expect(read).toEqual(journalEntry(exchange, [KEY], new Date(at)))
        expect(JSON.stringify(read)).not.toContain(KEY)
      }),
    )
  })

  test('a short target is kept raw until read; a long one is redacted and clipped at once', () => {
    const exchange = { method: 'GET', url: '/v1/pets?limit=2', status: 200, operation: 'listPets' }
    expect(journalRecord(exchange, [], 0)).toMatchObject({ url: '/v1/pets?limit=2', at: 0 })
    const long = { ...exchange, url: `/v1/${'p'.repeat(3_000)}?token=t&q=${'x'.repeat(5_000)}` }
    const record = journalRecord(long, [], 0)
    expect(record.url.length).toBeLessThanOrEqual(JOURNAL_PATH_CHARS + JOURNAL_QUERY_CHARS + 3)
    expect(record.url).toContain('token=***')
  })

  test('the body is kept, its first JOURNAL_BODY_CHARS characters, with credential fields and keys hidden', () => {
    const body = JSON.stringify({
      name: 'Rex',
      categoryId: 1,
      password: 'hunter2',
      nested: { apiKey: 7 },
      note: KEY,
    })
    const entry = journalEntry(
      { method: 'POST', url: '/v1/pets', status: 201, operation: 'createPet', body },
      [KEY],
    )
    expect(JSON.parse(entry.body as string)).toEqual({
      name: 'Rex',
      categoryId: 1,
      password: '***',
      nested: { apiKey: '***' },
      note: '***',
    })
    const long = `{"name":"${'x'.repeat(10_000)}","token":"abc"}`
    const cut = journalEntry(
      { method: 'POST', url: '/v1/pets', status: 400, operation: 'createPet', body: long },
      [],
    )
    expect(cut.body).toHaveLength(JOURNAL_BODY_CHARS + 1)
    expect(cut.body?.endsWith('…')).toBe(true)
    expect(
      journalEntry({ method: 'GET', url: '/v1/pets', status: 200, operation: 'listPets' }, []).body,
    ).toBeUndefined()
  })

  test('a key cut in two by the body limit is still hidden', () => {
    const body = `${' '.repeat(JOURNAL_BODY_CHARS - 4)}${KEY}`
    const entry = journalEntry(
      { method: 'POST', url: '/v1/pets', status: 400, operation: 'createPet', body },
      [KEY],
    )
    expect(entry.body).not.toContain(KEY.slice(0, 4))
  })

  test('a credential value cut short by the limit is hidden to its end', () => {
    const body = `{"name":"${'x'.repeat(JOURNAL_BODY_CHARS - 30)}","password":"${'s'.repeat(200)}"}`
    const entry = journalEntry(
      { method: 'POST', url: '/v1/pets', status: 400, operation: 'createPet', body },
      [],
    )
    expect(entry.body).not.toContain('sss')
  })

  test('a forced response is marked', () => {
    const exchange = {
      method: 'GET',
      url: '/v1/pets',
      status: 401,
      operation: 'listPets',
      forced: 'prefer' as const,
    }
    expect(journalEntry(exchange, []).forced).toBe('prefer')
  })

  test('the worst shapes keep a record small: 1,200 distinct query names, a 64 KiB body', () => {
    const manyNames = `/v1/pets?${Array.from({ length: 1_200 }, (_, i) => `n${i}=`).join('&')}`
    const bigBody = `{"name":"${'x'.repeat(64 * 1024)}"}`
    for (const exchange of [
      { method: 'GET', url: manyNames, status: 200, operation: 'listPets' },
      { method: 'POST', url: '/v1/pets', status: 400, operation: 'createPet', body: bigBody },
    ]) {
      const record = journalRecord(exchange, [KEY])
      expect(journalRecordCost(record)).toBeLessThan(12 * 1024)
      expect(record.url.length).toBeLessThanOrEqual(JOURNAL_PATH_CHARS + JOURNAL_QUERY_CHARS + 3)
      expect(record.body?.length ?? 0).toBeLessThanOrEqual(JOURNAL_BODY_CHARS + KEY.length)
    }
  })

  test('the response body is kept, clipped and redacted exactly as the request body is', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 6_000 }),
        fc.constantFrom('', '"password":"hunter2",'),
        (tail, field) => {
          const text = `{${field}"message":"${KEY} ${tail}"}`
          const asRequest = journalEntry(
            { method: 'POST', url: '/v1/pets', status: 201, operation: 'createPet', body: text },
            [KEY],
            at,
          )
          const asResponse = journalEntry(
            { method: 'POST', url: '/v1/pets', status: 201, operation: 'createPet', responseBody: text },
            [KEY],
            at,
          )
          expect(asResponse.responseBody).toBe(asRequest.body)
          expect(asResponse.responseBody).not.toContain(KEY)
          expect(asResponse.responseBody).not.toContain('hunter2')
        },
      ),
      { numRuns: 50 },
    )
    const big = `[${'{"id":1},'.repeat(8_000)}{"id":2}]`
    const record = journalRecord(
      { method: 'GET', url: '/v1/pets', status: 200, operation: 'listPets', responseBody: big },
      [KEY],
    )
    expect(journalRecordCost(record)).toBeLessThan(12 * 1024)
    expect(readJournalRecord(record, [KEY]).responseBody).toHaveLength(JOURNAL_BODY_CHARS + 1)
  })

  test('a response kept as its value reads and costs exactly as its text, and holds no text (docs/bench.md)', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.constantFrom([], [KEY], [KEY, 'x'.repeat(300)]),
        fc.boolean(),
        (value, secrets, withKey) => {
          // A key inside the value, so redaction at read time is exercised too.
          const answer = withKey ? { message: `${KEY} leaked`, value } : value
          const text = JSON.stringify(answer)
          const exchange = { method: 'GET', url: '/v1/pets', status: 200, operation: 'listPets' }
          const byText = journalRecord({ ...exchange, responseBody: text }, secrets, at.getTime())
          const byValue = journalRecord(
            { ...exchange, responseBody: text, responseValue: answer },
            secrets,
            at.getTime(),
          )
          expect(byValue.responseBody).toBeUndefined()
          expect(readJournalRecord(byValue, secrets)).toEqual(readJournalRecord(byText, secrets))
          expect(journalRecordCost(byValue)).toBe(journalRecordCost(byText))
        },
      ),
      { numRuns: 200 },
    )
    // Past the bound as well: the same cut, the same charge.
    const big = Array.from({ length: 2_000 }, (_, id) => ({ id, name: 'Rex' }))
    const exchange = { method: 'GET', url: '/v1/pets', status: 200, operation: 'listPets' }
    const text = JSON.stringify(big)
    const byValue = journalRecord({ ...exchange, responseBody: text, responseValue: big }, [KEY])
    const byText = journalRecord({ ...exchange, responseBody: text }, [KEY])
    expect(readJournalRecord(byValue, [KEY]).responseBody).toHaveLength(JOURNAL_BODY_CHARS + 1)
    expect(readJournalRecord(byValue, [KEY]).responseBody).toBe(readJournalRecord(byText, [KEY]).responseBody)
    expect(journalRecordCost(byValue)).toBe(journalRecordCost(byText))
  })

  test('a request with no Authorization header is marked key-less; one with a key is not', () => {
    const exchange = { method: 'GET', url: '/v1/pets', status: 401, operation: 'listPets' }
    expect(journalEntry({ ...exchange, keyless: true }, []).keyless).toBe(true)
    expect(journalEntry(exchange, [])).not.toHaveProperty('keyless')
  })

  test('a body cut past the bound keeps every character it kept, in any script, a lone surrogate included', () => {
    for (const unit of ['x', 'é', '😀', '\ud83d', 'Ω']) {
      const text = `{"name":"${unit.repeat(JOURNAL_BODY_CHARS)}"}`
      const record = journalRecord(
        { method: 'GET', url: '/v1/pets/1', status: 200, operation: 'getPet', responseBody: text },
        [],
      )
      expect(readJournalRecord(record, []).responseBody).toBe(`${text.slice(0, JOURNAL_BODY_CHARS)}…`)
    }
  })
})
