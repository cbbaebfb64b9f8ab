// What the proxy's journal and HAR keep of an upstream's answers (decisions/038-error-codes-shown.md):
// an error answer's identifier `code` is shown, through the journal, the HAR export and the HAR read
// back, while the codes real traffic carries (OAuth's in a redirect, a token request's form and JSON
// body, device flow's, a one-time code in a 200, a random or nested `code` in an error) stay `***`.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import type { Har } from '../../har/Har.ts'
import { readHar } from '../../har/readHar.ts'
import { createProxy } from '../../proxy/createProxy.ts'
import type { ProxiedEntry } from '../../proxy/proxyControl.ts'
import { defaultSpec } from '../../spec/runtime.ts'

const KEY = 'proxy-test-key-1234'
/** Values that must never be shown, whatever name or place holds them. */
const SECRETS = {
  redirect: 'SplxlOBeZQQYbYS6WxSbIA',
  form: 'Qcb0Orv1zh30vL1MPRsbm',
  json: 'Z3JhbnQtY29kZS00Mg',
  deviceCode: 'GmRhmhcxhwAzkoEqiMEg_DnyEysNkuNhszIySk9eS',
  userCode: 'WDJB-MJHT',
  oneTime: 'kxwqzhvt', // lower-case letters only, as an identifier is, but in a 200
  randomInError: 'a1B2c3D4e5F6g7H8',
  nested: 'n3st3dS3cret',
}
/** Each path's answer from the upstream: a status and a JSON body. */
const ANSWERS: Record<string, [number, unknown]> = {
  '/v1/pets/999999': [404, { code: 'not_found', message: 'No pet has id 999999.', status: 404 }],
  '/v1/pets?limit=0': [400, { code: 'invalid_parameter', message: 'limit must be 1 to 100', status: 400 }],
  '/v1/pets': [401, { code: 'unauthorized', message: 'The key is missing.', status: 401 }],
  '/v1/callback': [200, { ok: true }],
  '/v1/oauth/token': [400, { error: 'invalid_grant' }],
  '/v1/device': [200, { device_code: SECRETS.deviceCode, user_code: SECRETS.userCode, expires_in: 1800 }],
  '/v1/otp': [200, { code: SECRETS.oneTime }],
  '/v1/pets/7': [409, { code: SECRETS.randomInError, message: 'Conflict.', status: 409 }],
  '/v1/pets/8': [400, { code: { value: SECRETS.nested }, message: 'Bad.', status: 400 }],
}

let upstream: Server
let proxy: ReturnType<typeof createProxy>
let origin: string
beforeAll(async () => {
  upstream = createServer((request, response) => {
    const url = request.url ?? '/'
    const [status, body] = ANSWERS[url] ?? ANSWERS[url.split('?')[0] ?? ''] ?? [500, {}]
    request.resume()
    request.on('end', () => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    })
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  const port = (upstream.address() as AddressInfo).port
  proxy = createProxy({ upstream: `http://127.0.0.1:${port}/v1`, spec: defaultSpec() })
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => proxy.server.close(resolve))
  await new Promise((resolve) => upstream.close(resolve))
})

test("the proxy's journal, its HAR and the HAR read back show error codes and hide every other code", async () => {
  const auth = { authorization: `Bearer ${KEY}` }
  const json = { ...auth, 'content-type': 'application/json' }
  const form = { ...auth, 'content-type': 'application/x-www-form-urlencoded' }
  await fetch(`${origin}/v1/pets/999999`, { headers: auth })
  await fetch(`${origin}/v1/pets?limit=0`, { headers: auth })
  await fetch(`${origin}/v1/pets`)
  await fetch(`${origin}/v1/callback?code=${SECRETS.redirect}&state=xyz`, { headers: auth })
  await fetch(`${origin}/v1/oauth/token`, {
    method: 'POST',
    headers: form,
    body: `grant_type=authorization_code&code=${SECRETS.form}&redirect_uri=https%3A%2F%2Fapp.example%2Fcb`,
  })
  // An identifier's shape in a request body is hidden too: a request never shows a code.
  for (const code of [SECRETS.json, 'not_found'])
    await fetch(`${origin}/v1/oauth/token`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ grant_type: 'authorization_code', code }),
    })
  await fetch(`${origin}/v1/device`, { method: 'POST', headers: json, body: '{"client_id":"app"}' })
  await fetch(`${origin}/v1/otp`, { headers: auth })
  await fetch(`${origin}/v1/pets/7`, { headers: auth })
  await fetch(`${origin}/v1/pets/8`, { headers: auth })

  const journalText = await (await fetch(`${origin}/__mock/requests`)).text()
  const harText = await (await fetch(`${origin}/__mock/requests.har`)).text()
  const entries = JSON.parse(journalText) as ProxiedEntry[]
  const har = JSON.parse(harText) as Har
  const recorded = readHar(harText)
  expect(entries).toHaveLength(11)
  const codeIn = (text: string | undefined) => (JSON.parse(text ?? '{}') as { code?: unknown }).code
  const expected = ['not_found', 'invalid_parameter', 'unauthorized']
  expect(entries.slice(0, 3).map((entry) => codeIn(entry.responseBody))).toEqual(expected)
  expect(har.log.entries.slice(0, 3).map((entry) => codeIn(entry.response.content.text))).toEqual(expected)
  expect(recorded.slice(0, 3).map((exchange) => codeIn(exchange.responseText))).toEqual(expected)
  // The rest: every credential-like code hidden by name, in the query, the bodies and the answers.
  expect(entries[3]?.query).toEqual({ code: '***', state: 'xyz' })
  expect(entries[4]?.body).toBe(
    'grant_type=authorization_code&code=***&redirect_uri=https%3A%2F%2Fapp.example%2Fcb',
  )
  expect(entries.slice(5, 7).map((entry) => entry.body)).toEqual([
    '{"grant_type":"authorization_code","code":"***"}',
    '{"grant_type":"authorization_code","code":"***"}',
  ])
  expect(entries.slice(8).map((entry) => codeIn(entry.responseBody))).toEqual(['***', '***', '***'])
  for (const text of [journalText, harText, JSON.stringify(recorded)])
    for (const secret of [KEY, ...Object.values(SECRETS)]) expect(text).not.toContain(secret)
})
