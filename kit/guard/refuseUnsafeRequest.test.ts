import { describe, expect, test } from '@jest/globals'
import { corsPolicy } from './cors.ts'
import { hostPolicy } from './hostAllowed.ts'
import { type RequestFacts, refuseUnsafeRequest } from './refuseUnsafeRequest.ts'

const cors = corsPolicy(['https://app.example.com'])
const hosts = hostPolicy()
const base: RequestFacts = {
  method: 'POST',
  target: '/__mock/reset',
  host: '127.0.0.1:4010',
  origin: undefined,
  contentType: undefined,
}

describe('refuseUnsafeRequest', () => {
  test.each<[string, Partial<RequestFacts>, string | undefined]>([
    ['a reset from curl with JSON', { contentType: 'application/json' }, undefined],
    ['JSON with parameters', { contentType: 'Application/JSON; charset=utf-8' }, undefined],
    ['a reset with no type (a form-less simple request)', {}, 'cross_site_request'],
    [
      'a text/plain reset (a page needs no preflight for it)',
      { contentType: 'text/plain' },
      'cross_site_request',
    ],
    ['a form post', { contentType: 'application/x-www-form-urlencoded' }, 'cross_site_request'],
    [
      'a reset from an allowed origin',
      { origin: 'http://localhost:5173', contentType: 'text/plain' },
      undefined,
    ],
    ['a listed origin', { origin: 'https://app.example.com' }, undefined],
    [
      'JSON from a foreign origin',
      { origin: 'https://evil.example', contentType: 'application/json' },
      'cross_site_request',
    ],
    ['a null origin (sandboxed page)', { origin: 'null', contentType: 'text/plain' }, 'cross_site_request'],
    ['a DELETE of the journal', { method: 'DELETE', target: '/__mock/requests' }, 'cross_site_request'],
    ['reading health', { method: 'GET', target: '/__mock/health' }, undefined],
    ['an API write is not the control plane', { target: '/v1/pets', contentType: 'text/plain' }, undefined],
    ['a look-alike path is not the control plane', { target: '/__mockery' }, undefined],
    [
      'a rebound name',
      { method: 'GET', target: '/v1/pets', host: 'rebind.example:4010' },
      'host_not_allowed',
    ],
  ])('%s', (_name, facts, code) => {
    const answer = refuseUnsafeRequest({ ...base, ...facts }, cors, hosts)
    expect((answer?.body as { code?: string } | undefined)?.code).toBe(code)
    if (answer) expect(answer.status).toBe(403)
  })
})
