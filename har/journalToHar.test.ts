// The HAR of a journal shows an error answer's `code` (decisions/038-error-codes-shown.md): every
// Error example the spec gives, recorded as an answer, reads back byte for byte (what `breaks` and a
// replay judge), while a credential put in its place stays `***`.
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { apiRequest } from '../kit/http/ApiRequest.ts'
import { journalRecord, readJournalRecord } from '../kit/journal/journalEntry.ts'
import { jsonText } from '../kit/json/jsonChunks.ts'
import { createRedactor } from '../kit/secrets/createRedactor.ts'
import { defaultSpec, exampleValues } from '../spec/runtime.ts'
import { journalToHar } from './journalToHar.ts'
import { readHar } from './readHar.ts'

const KEY = 'petstore-dev-key'
const ORIGIN = 'http://127.0.0.1:4010'

/** Each error response's examples in the spec, with a status its key stands for (`4XX` as 400, `default` as 500). */
const examples = defaultSpec().operations.flatMap((operation) =>
  Object.entries(operation.responses).flatMap(([key, response]) => {
    const status = key === 'default' ? 500 : Number(key.replace(/XX$/i, '00'))
    if (!(status >= 400)) return []
    return exampleValues(response.content?.['application/json']).map((body) => ({
      operation: operation.operationId,
      method: operation.method.toUpperCase(),
      status,
      body: JSON.stringify(body),
    }))
  }),
)

/** The HAR a journal of these answers exports, read back as `breaks` and a replay read it. */
function roundTrip(
  answers: ReadonlyArray<{ operation: string; method: string; status: number; body: string }>,
) {
  const redact = createRedactor([KEY])
  const entries = answers.map(({ operation, method, status, body }) =>
    readJournalRecord(
      journalRecord(
        {
          request: apiRequest({ method, target: '/v1/pets', header: () => 'Bearer k' }),
          status,
          operation,
          responseBody: body,
        },
        redact,
      ),
      redact,
    ),
  )
  const har = journalToHar(entries, ORIGIN, '0.1.0')
  return { entries, har, read: readHar(jsonText(har)) }
}

describe('journalToHar: the error codes of the spec’s examples', () => {
  test('the spec gives Error examples, each with a code', () => {
    expect(examples.length).toBeGreaterThan(5)
    const codes = examples.map(({ body }) => (JSON.parse(body) as { code?: unknown }).code)
    expect(codes.every((code) => typeof code === 'string')).toBe(true)
    expect(new Set(codes)).toEqual(new Set(defaultSpec().vocabulary.errorCodes))
  })

  test('each is shown whole in the journal entry, in the HAR and in what is read back from it', () => {
    const { entries, har, read } = roundTrip(examples)
    expect(entries.map((entry) => entry.responseBody)).toEqual(examples.map(({ body }) => body))
    expect([...har.log.entries].map((entry) => entry.response.content.text)).toEqual(
      examples.map(({ body }) => body),
    )
    expect(read.map((exchange) => exchange.responseText)).toEqual(examples.map(({ body }) => body))
  })

  test('the same answers with a credential-like code instead hide it, in the entry and the HAR', () => {
    const secret = fc.oneof(
      fc
        .uint8Array({ minLength: 16, maxLength: 48 })
        .map((bytes) => Buffer.from(bytes).toString('base64url')),
      fc.uint8Array({ minLength: 16, maxLength: 48 }).map((bytes) => Buffer.from(bytes).toString('hex')),
      fc.stringMatching(/^[A-Za-z0-9]{0,12}[A-Z][0-9][A-Za-z0-9]{0,12}$/),
    )
    fc.assert(
      fc.property(fc.constantFrom(...examples), secret, (example, code) => {
        const body = JSON.stringify({ ...JSON.parse(example.body), code })
        const { har } = roundTrip([{ ...example, body }])
        const text = jsonText(har)
        expect(text).not.toContain(code)
        expect(JSON.parse([...har.log.entries][0]?.response.content.text ?? '')).toMatchObject({
          code: '***',
        })
      }),
    )
  })
})
