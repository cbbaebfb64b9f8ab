import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, test } from '@jest/globals'
import { parse } from 'yaml'
import { SPEC_JSON_PATH, SPEC_YAML_PATH } from '../../../kit/guard/controlPath.ts'
import {
  createHttpMock,
  type HttpMock,
  type HttpMockOptions,
  listen,
} from '../../../mocks/http/createHttpMock.ts'
import { defaultSpec, SPEC_PATH } from '../../../spec/index.ts'
import { sendRaw } from '../../support/rawHttp.ts'

let mock: HttpMock | undefined
afterEach(() => new Promise((resolve) => (mock ? mock.server.close(resolve) : resolve(undefined))))

/** The mock's origin, `http://127.0.0.1:PORT`. */
async function start(options: HttpMockOptions = {}): Promise<string> {
  mock = createHttpMock(options)
  return (await listen(mock, 0, '127.0.0.1')).replace(/\/v1$/, '')
}

type Servers = { servers: { url: string; description?: string }[] }

describe('GET /__mock/openapi.yaml and /__mock/openapi.json', () => {
  test('the YAML is the packaged file with the mock, as reached, first among its servers', async () => {
    const origin = await start()
    const response = await fetch(`${origin}${SPEC_YAML_PATH}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/yaml; charset=utf-8')
    const served = parse(await response.text()) as Servers
    const file = parse(readFileSync(SPEC_PATH, 'utf8')) as Servers
    expect(served.servers[0]?.url).toBe(`${origin}/v1`)
    expect(served.servers.slice(1)).toEqual(file.servers)
    expect({ ...served, servers: file.servers }).toEqual(file)
  })

  test('the JSON twin is the compiled document with the same first server', async () => {
    const origin = await start()
    const response = await fetch(`${origin}${SPEC_JSON_PATH}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const served = (await response.json()) as Servers
    const { document } = defaultSpec()
    expect(served.servers[0]?.url).toBe(`${origin}/v1`)
    expect({ ...served, servers: served.servers.slice(1) }).toEqual(document)
  })

  test('the first server follows the Host the request reached, as localhost too', async () => {
    const origin = await start()
    const port = new URL(origin).port
    const response = await sendRaw(
      Number(port),
      `GET ${SPEC_JSON_PATH} HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`,
    )
    expect((JSON.parse(response.body) as Servers).servers[0]?.url).toBe(`http://localhost:${port}/v1`)
  })

  test('a Host the guard refuses is never reflected: 403, and no document', async () => {
    const origin = await start()
    const response = await sendRaw(
      Number(new URL(origin).port),
      `GET ${SPEC_YAML_PATH} HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
    )
    expect(response.status).toBe(403)
    expect(response.body).not.toContain('openapi')
  })

  test('answers the text of the spec it was given, and follows setSpec (hot reload)', async () => {
    const url = `${await start({ spec: { ...defaultSpec(), text: 'openapi: 3.1.0 # one\n' } })}${SPEC_YAML_PATH}`
    expect(await (await fetch(url)).text()).toBe('openapi: 3.1.0 # one\n')
    mock?.setSpec({ ...defaultSpec(), text: 'openapi: 3.1.0 # two\n' })
    expect(await (await fetch(url)).text()).toBe('openapi: 3.1.0 # two\n')
  })

  test('HEAD has the headers and no body; other methods are 405 with Allow', async () => {
    const origin = await start()
    for (const path of [SPEC_YAML_PATH, SPEC_JSON_PATH]) {
      const head = await fetch(`${origin}${path}`, { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(await head.text()).toBe('')
      const post = await fetch(`${origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      expect(post.status).toBe(405)
      expect(post.headers.get('allow')).toBe('GET, HEAD')
      expect(await post.json()).toMatchObject({ code: 'method_not_allowed', status: 405 })
    }
  })

  test('a document given as an object only: no YAML (404 saying so), the JSON still', async () => {
    const origin = await start({ spec: defaultSpec() })
    const response = await fetch(`${origin}${SPEC_YAML_PATH}`)
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ code: 'route_not_found', status: 404 })
    expect((await fetch(`${origin}${SPEC_JSON_PATH}`)).status).toBe(200)
  })
})
