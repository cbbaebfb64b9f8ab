// The mock's journal and its HAR show the `code` of every error the mock answers
// (decisions/038-error-codes-shown.md): each row of the bad-input catalogue the engine answers, and
// each documented error status of each operation forced by `Prefer: code=`, read back as the client
// got it. The codes come from running the mock, not from a list.
import { readFileSync } from 'node:fs'
import { expect, test } from '@jest/globals'
import { apiRequest } from '../../kit/http/ApiRequest.ts'
import type { ApiResponse } from '../../kit/http/ApiResponse.ts'
import type { JournalEntry } from '../../kit/journal/RequestJournal.ts'
import { jsonText } from '../../kit/json/jsonChunks.ts'
import { defaultSpec, errorCodeFor, sampleFromSchema } from '../../spec/runtime.ts'
import { DEFAULT_API_KEY, documentedErrorStatuses } from '../core/createEngine.ts'
import { createMockServer } from './createMockServer.ts'

type Text = string | Array<string | { repeat: string; times: number }>
interface Row {
  request: { method?: string; path?: string; headers?: Array<[string, Text]>; body?: Text; raw?: Text }
  expect: { code?: string }
  transport?: string
}
const catalogue = JSON.parse(
  readFileSync(new URL('../../fixtures/bad-inputs.json', import.meta.url), 'utf8'),
) as { rows: Row[] }
const text = (value: Text): string =>
  typeof value === 'string'
    ? value
    : value.map((part) => (typeof part === 'string' ? part : part.repeat.repeat(part.times))).join('')

test('every error code the mock answers is shown in its journal and its HAR, as the client got it', async () => {
  const server = createMockServer({ journalSize: 1_000 })
  const send = async (method: string, target: string, headers: Array<[string, string]>, body?: string) => {
    const header = (name: string) => {
      const values = headers.filter(([key]) => key.toLowerCase() === name).map(([, value]) => value)
      return values.length === 0 ? undefined : values.join(', ')
    }
    return (await server.handle(apiRequest({ method, target, header, body }))) as ApiResponse
  }
  const answers: ApiResponse[] = []
  // The catalogue's rows that reach the engine (not the ones only node:http or a raw socket can send).
  for (const row of catalogue.rows) {
    const { method, path, headers = [], body } = row.request
    if (row.transport !== undefined && row.transport !== 'both') continue
    if (method === undefined || path === undefined) continue
    const sent = headers.map(([name, value]): [string, string] => [name, text(value)])
    answers.push(await send(method, path, sent, body === undefined ? undefined : text(body)))
  }
  // Each documented error status of each operation, forced: its code is the spec's example's.
  const forced: string[] = []
  for (const operation of defaultSpec().operations)
    for (const status of documentedErrorStatuses(operation)) {
      forced.push(errorCodeFor(operation, status) ?? `http_${status}`)
      const target = operation.path.replace(/\{[^}]+\}/g, '1')
      const schema = operation.requestBody?.content?.['application/json']?.schema
      const headers: Array<[string, string]> = [
        ['authorization', `Bearer ${DEFAULT_API_KEY}`],
        ['content-type', 'application/json'],
        ['prefer', `code=${status}`],
      ]
      const body = schema === undefined ? undefined : JSON.stringify(sampleFromSchema(schema))
      answers.push(await send(operation.method.toUpperCase(), `/v1${target}`, headers, body))
    }
  // The code each error answer carried (none for a HEAD), by its place in the journal.
  const codeOf = (status: number, body: string | undefined) =>
    status >= 400 && body ? (JSON.parse(body) as { code?: string }).code : undefined
  const codes = answers.map((answer) => codeOf(answer.status, answer.text))
  const journal = JSON.parse(jsonText((await send('GET', '/__mock/requests', [])).body)) as JournalEntry[]
  const har = JSON.parse(jsonText((await send('GET', '/__mock/requests.har', [])).body)) as {
    log: { entries: Array<{ response: { status: number; content: { text?: string } } }> }
  }
  expect(journal.map((entry) => codeOf(entry.status, entry.responseBody))).toEqual(codes)
  expect(har.log.entries.map(({ response }) => codeOf(response.status, response.content.text))).toEqual(codes)
  // What was run covers every code of the catalogue's engine rows and of the forced errors.
  const covered = new Set(codes.filter((code) => code !== undefined))
  const expected = catalogue.rows.flatMap((row) =>
    row.expect.code !== undefined && (row.transport ?? 'both') === 'both' ? [row.expect.code] : [],
  )
  for (const code of [...expected, ...forced]) expect(covered).toContain(code)
  expect(codes).not.toContain('***')
})
