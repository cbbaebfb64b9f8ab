import { afterEach, describe, expect, test } from '@jest/globals'
import { API_DOCS_PATH } from '../../../kit/guard/controlPath.ts'
import { API_DOCS_CSP } from '../../../mocks/http/apiDocsPage.ts'
import { createHttpMock, type HttpMock, listen } from '../../../mocks/http/createHttpMock.ts'
import { sendRaw } from '../../support/rawHttp.ts'

let mock: HttpMock | undefined
afterEach(() => new Promise((resolve) => (mock ? mock.server.close(resolve) : resolve(undefined))))

async function start(): Promise<string> {
  mock = createHttpMock()
  return (await listen(mock, 0, '127.0.0.1')).replace(/\/v1$/, '')
}

describe('GET /__mock/docs/', () => {
  test('the page, under its CSP, loads Swagger UI from the mock itself, on openapi.json, validator off', async () => {
    const origin = await start()
    const page = await fetch(`${origin}${API_DOCS_PATH}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toBe(API_DOCS_CSP)
    const html = await page.text()
    for (const [, url] of html.matchAll(/\s(?:src|href)="([^"]*)"/g))
      expect(url).toMatch(/^(\/__mock\/docs\/|data:)/)
    const init = await (await fetch(`${origin}${API_DOCS_PATH}init.js`)).text()
    expect(init).toContain('"/__mock/openapi.json"')
    expect(init).toContain('validatorUrl: null')
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
      const response = await fetch(`${origin}${API_DOCS_PATH}${file}`)
      expect(response.status).toBe(200)
      expect((await response.text()).length).toBeGreaterThan(10_000)
    }
  })

  test('other files of the package, or outside it, are 404 Error bodies; writes are 405', async () => {
    const origin = await start()
    const port = Number(new URL(origin).port)
    for (const target of ['index.js', 'package.json', '..%2F..%2Fpackage.json', 'swagger-ui.js.map']) {
      const response = await fetch(`${origin}${API_DOCS_PATH}${target}`)
      expect(response.status).toBe(404)
      expect(await response.json()).toMatchObject({ code: 'route_not_found', status: 404 })
    }
    const raw = await sendRaw(
      port,
      `GET ${API_DOCS_PATH}../../package.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    )
    expect(raw.body).not.toContain('"dependencies"')
    const post = await fetch(`${origin}${API_DOCS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
  })
})
