import { describe, expect, test } from '@jest/globals'
import { parse } from 'yaml'
import { jsonWithServer, yamlWithServer } from './withServedServer.ts'

const SERVER = { url: 'http://127.0.0.1:4010/v1', description: 'This mock: "quoted" # not a comment' }

describe('yamlWithServer', () => {
  test.each([
    [
      'indented list, comments kept',
      'openapi: 3.1.0\nservers: # where\n  # prod\n  - url: https://x/v1\npaths: {}\n',
    ],
    ['list at column 0', 'servers:\n- url: https://x/v1\n  description: x\npaths: {}\n'],
    ['CRLF line ends', 'servers:\r\n  - url: https://x/v1\r\npaths: {}\r\n'],
    ['empty value', 'servers:\npaths: {}\n'],
  ])('%s: the server comes first, the rest unchanged', (_name, text) => {
    const served = parse(yamlWithServer(text, SERVER)) as { servers: unknown[] }
    const original = parse(text) as { servers: unknown[] | null }
    expect(served).toEqual({ ...original, servers: [SERVER, ...(original.servers ?? [])] })
  })

  test.each([
    ['flow style', 'servers: [{ url: https://x/v1 }]\n'],
    ['JSON text', '{"servers": [{"url": "https://x/v1"}]}'],
    ['no servers', 'openapi: 3.1.0\npaths: {}\n'],
    ['a nested servers key only', 'paths:\n  /a:\n    servers:\n      - url: https://x\n'],
  ])('%s: given back unchanged', (_name, text) => {
    expect(yamlWithServer(text, SERVER)).toBe(text)
  })
})

test('jsonWithServer puts the server first and keeps the rest', () => {
  const document = { openapi: '3.1.0', servers: [{ url: 'https://x/v1' }] }
  expect(JSON.parse(jsonWithServer(document, SERVER))).toEqual({
    ...document,
    servers: [SERVER, ...document.servers],
  })
})
