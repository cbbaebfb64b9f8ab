import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, test } from '@jest/globals'
import {
  createHttpMock,
  type HttpMock,
  type HttpMockOptions,
  listen,
} from '../../../mocks/http/createHttpMock.ts'
import { SPEC_YAML_PATH } from '../../../mocks/server/specYamlAnswer.ts'
import { defaultSpec, SPEC_PATH } from '../../../spec/index.ts'

let mock: HttpMock | undefined
afterEach(() => new Promise((resolve) => (mock ? mock.server.close(resolve) : resolve(undefined))))

async function start(options: HttpMockOptions = {}): Promise<string> {
  mock = createHttpMock(options)
  return `${(await listen(mock, 0, '127.0.0.1')).replace(/\/v1$/, '')}${SPEC_YAML_PATH}`
}

describe('GET /__mock/openapi.yaml', () => {
  test('answers the packaged spec/openapi.yaml as YAML, with no key needed', async () => {
    const response = await fetch(await start())
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/yaml; charset=utf-8')
    expect(await response.text()).toBe(readFileSync(SPEC_PATH, 'utf8'))
  })

  test('answers the text of the spec it was given, and follows setSpec (hot reload)', async () => {
    const url = await start({ spec: { ...defaultSpec(), text: 'openapi: 3.1.0 # one\n' } })
    expect(await (await fetch(url)).text()).toBe('openapi: 3.1.0 # one\n')
    mock?.setSpec({ ...defaultSpec(), text: 'openapi: 3.1.0 # two\n' })
    expect(await (await fetch(url)).text()).toBe('openapi: 3.1.0 # two\n')
  })

  test('HEAD has the headers and no body; other methods are 405 with Allow', async () => {
    const url = await start()
    const head = await fetch(url, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    const post = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
    expect(await post.json()).toMatchObject({ code: 'method_not_allowed', status: 405 })
  })

  test('a document given as an object only, with no text: 404 with an Error body saying so', async () => {
    const url = await start({ spec: defaultSpec() })
    const response = await fetch(url)
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ code: 'route_not_found', status: 404 })
  })
})
