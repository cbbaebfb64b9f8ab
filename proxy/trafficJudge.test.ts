import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { apiRequest } from '../kit/http/ApiRequest.ts'
import {
  type CompiledSpec,
  compileSpec,
  defaultSpec,
  openApiDocument,
  type ParameterObject,
} from '../spec/runtime.ts'
import {
  type ObservedExchange,
  trafficJudge,
  VIOLATION_MESSAGE_MAX,
  VIOLATIONS_PER_EXCHANGE_MAX,
  type Violation,
} from './trafficJudge.ts'

/** An exchange as these tests write it: the target under the base path, and whether a key was sent. */
interface Seen {
  method: string
  target: string
  requestText?: string | undefined
  authorization?: boolean
  /** A `Prefer` header the client sent (`code=404`). */
  prefer?: string
  /**
   * When the request arrived, on the judge's counter; by default after every exchange seen before
   * completed (the tests' exchanges follow each other). 0: before any of them, so in flight while each completed.
   */
  startedAt?: number
  status: number
  responseText: string
}

/** The judge fed as the proxy feeds it: the request parsed once, routed by the spec's router, stamped. */
function seenBy(
  judge: (exchange: ObservedExchange) => Violation[],
  spec: CompiledSpec = defaultSpec(),
): (seen: Seen) => Violation[] {
  const router = spec.router()
  let clock = 0
  return ({ method, target, requestText, authorization = true, prefer, startedAt, status, responseText }) => {
    const request = apiRequest({
      method,
      target: `${router.basePath}${target}`,
      header: (name) => {
        if (name === 'authorization' && authorization) return 'Bearer a-key-of-the-client'
        return name === 'prefer' ? prefer : undefined
      },
      body: requestText,
    })
    const route = router.route(request.method, request.path)
    return judge({
      request,
      route,
      startedAt: startedAt ?? ++clock,
      completedAt: ++clock,
      status,
      responseText,
    })
  }
}

const NOT_FOUND = JSON.stringify({ code: 'not_found', message: 'no such pet', status: 404 })

describe('the proxy judge, on what a hostile upstream or client can send', () => {
  test('never throws, whatever the request and the answer', () => {
    const judge = seenBy(trafficJudge(defaultSpec()))
    const target = fc.oneof(
      fc.constantFrom(
        '/pets',
        '/pets?status=sold',
        '/\\',
        '//',
        '/pets?limit=0',
        '/pets/1',
        '/pets/abc',
        '/pets/99999999999999999999',
      ),
      fc.string().map((text) => `/pets?${encodeURIComponent(text)}`),
      fc.string().map((text) => `/${text}`),
    )
    const text = fc.oneof(
      fc.string(),
      fc.jsonValue().map((value) => JSON.stringify(value)),
    )
    fc.assert(
      fc.property(
        fc.constantFrom('GET', 'POST', 'PUT'),
        target,
        fc.option(text),
        fc.integer({ min: 0, max: 599 }),
        text,
        (method, to, requestText, status, responseText) => {
          const violations = judge({
            method,
            target: to,
            requestText: requestText ?? undefined,
            status,
            responseText,
          })
          return violations.every((v) => v.message.length <= VIOLATION_MESSAGE_MAX && v.operation.length > 0)
        },
      ),
      { numRuns: 300 },
    )
  })

  test('an answer nested 20,000 deep, read by every route and twice, is judged without a throw', () => {
    const judge = seenBy(trafficJudge(defaultSpec()))
    const depth = 20_000
    const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`
    // A run of 16 digits anywhere (here in a string) sends the text through the exact int64 reader.
    const pet = (id: number, status: string) =>
      `{"id":${id},"name":${deep},"categoryId":1,"status":"${status}","note":"1234567890123456"}`
    const seen = [
      { method: 'GET', target: '/pets?status=sold', status: 200, responseText: `[${pet(1, 'pending')}]` },
      { method: 'GET', target: '/pets', status: 200, responseText: `[${pet(2, 'sold')}]` },
      { method: 'GET', target: '/pets', status: 200, responseText: `[${pet(2, 'sold')}]` },
      { method: 'GET', target: '/pets/2', status: 200, responseText: pet(2, 'pending') },
      { method: 'GET', target: '/pets/3', status: 200, responseText: pet(2, 'sold') },
      {
        method: 'POST',
        target: '/pets',
        requestText: `{"name":${deep},"categoryId":1}`,
        status: 201,
        responseText: pet(4, 'sold'),
      },
      {
        method: 'GET',
        target: '/pets/4',
        status: 404,
        responseText: `{"code":${deep},"message":"1234567890123456","status":404}`,
      },
    ]
    for (const exchange of seen) expect(() => judge(exchange)).not.toThrow()
  })

  test('a pet whose id is written in another spelling of the int64 asked for is that pet', () => {
    const judge = seenBy(trafficJudge(defaultSpec()))
    for (const [target, id] of [
      ['/pets/9223372036854775807', '9.223372036854775807e18'],
      ['/pets/9007199254740993', '9007199254740993.0'],
    ] as const)
      expect(
        judge({
          method: 'GET',
          target,
          status: 200,
          responseText: `{"id":${id},"name":"Rex","categoryId":1}`,
        }),
      ).toEqual([])
  })

  test('a violation quoting a 1 MiB name stays within its bound', () => {
    const judge = seenBy(trafficJudge(defaultSpec()))
    const name = 'n'.repeat(1_048_576)
    const violations = judge({
      method: 'POST',
      target: '/pets',
      requestText: JSON.stringify({ name, categoryId: 1 }),
      status: 201,
      responseText: JSON.stringify({ id: 7, name: 'other', categoryId: 1, status: 'available' }),
    })
    expect(violations.map((v) => v.check)).toContain('interface_model')
    for (const violation of violations)
      expect(violation.message.length).toBeLessThanOrEqual(VIOLATION_MESSAGE_MAX)
  })

  test('the model forgets past 20 million characters of pets: 25 pets named 1 MiB each', () => {
    const judge = seenBy(trafficJudge(defaultSpec()))
    const name = 'n'.repeat(1_048_576)
    for (let id = 1; id <= 25; id++)
      judge({
        method: 'POST',
        target: '/pets',
        requestText: JSON.stringify({ name, categoryId: 1, status: 'sold' }),
        status: 201,
        responseText: JSON.stringify({ id, name, categoryId: 1, status: 'sold' }),
      })
    // Pet 1 was forgotten (a lower bound only weakens): its 404 is no finding. Pet 25 is still known.
    expect(judge({ method: 'GET', target: '/pets/1', status: 404, responseText: NOT_FOUND })).toEqual([])
    expect(
      judge({ method: 'GET', target: '/pets/25', status: 404, responseText: NOT_FOUND }).map((v) => v.check),
    ).toEqual(['interface_model'])
  })

  test('a conforming exchange is not a violation; the same page after a create that it lacks is', () => {
    const judge = seenBy(trafficJudge(defaultSpec()))
    const pet = { id: 46, name: 'Rex', categoryId: 1, status: 'sold' }
    expect(
      judge({
        method: 'POST',
        target: '/pets',
        requestText: JSON.stringify({ name: 'Rex', categoryId: 1, status: 'sold' }),
        status: 201,
        responseText: JSON.stringify(pet),
      }),
    ).toEqual([])
    expect(
      judge({ method: 'GET', target: '/pets/46', status: 200, responseText: JSON.stringify(pet) }),
    ).toEqual([])
    const empty = judge({ method: 'GET', target: '/pets?status=sold', status: 200, responseText: '[]' })
    expect(empty.map((v) => `${v.check} ${v.operation}`)).toEqual(['interface_model listPets'])
  })

  test('a request the document refuses is judged for its own fault only, never by the model', () => {
    const judge = seenBy(trafficJudge(defaultSpec()))
    // A created pet unlike what was sent is the model's fault to find, unless the request was refused.
    const checks = (id: number, categoryId: unknown) => {
      const requestText = JSON.stringify({ name: 'Tom', categoryId, status: 'sold' })
      const responseText = JSON.stringify({ id, name: 'Tom', categoryId: 2, status: 'sold' })
      return judge({ method: 'POST', target: '/pets', requestText, status: 201, responseText }).map(
        (v) => v.check,
      )
    }
    expect(checks(48, 3)).toEqual(['interface_model'])
    expect(checks(49, 'x')).toEqual(['request_conformance'])
  })

  test('an error the request asked for (Prefer: code=N) is judged as an answer, not against the model', () => {
    const judge = seenBy(trafficJudge(defaultSpec()))
    const pet = { id: 46, name: 'Rex', categoryId: 1, status: 'sold' }
    const created = JSON.stringify({ name: 'Rex', categoryId: 1, status: 'sold' })
    judge({
      method: 'POST',
      target: '/pets',
      requestText: created,
      status: 201,
      responseText: JSON.stringify(pet),
    })
    const read = { method: 'GET', target: '/pets/46', status: 404, responseText: NOT_FOUND }
    const checks = (seen: Seen) => judge(seen).map((v) => v.check)
    // Asked for: no finding, and it taught nothing (the pet still reads as it was).
    expect(checks({ ...read, prefer: 'code=404' })).toEqual([])
    expect(checks({ ...read, prefer: 'respond-async, CODE="404"' })).toEqual([])
    expect(checks({ ...read, status: 200, responseText: JSON.stringify(pet) })).toEqual([])
    // Not asked for, or another status than asked: the model judges.
    expect(checks(read)).toEqual(['interface_model'])
    expect(checks({ ...read, prefer: 'code=401' })).toEqual(['interface_model'])
    const badRequest = JSON.stringify({ code: 'invalid_parameter', message: 'no', status: 400 })
    expect(checks({ ...read, prefer: 'code=404', status: 400, responseText: badRequest })).toEqual([
      'interface_model',
    ])
    // Still an answer: its Error body, its status among the documented ones, the key.
    const lying = JSON.stringify({ code: 'not_found', message: 'no such pet', status: 500 })
    expect(checks({ ...read, prefer: 'code=404', responseText: lying })).toEqual(['error_status_matches'])
    expect(checks({ ...read, prefer: 'code=418', status: 418 })).toEqual(['status_code_conformance'])
    expect(checks({ ...read, prefer: 'code=404', authorization: false })).toEqual(['missing_key_rejected'])
    // A server error asked for is no server error; one not asked for is.
    const full = JSON.stringify({ code: 'store_full', message: 'full', status: 507 })
    const refused = { method: 'POST', target: '/pets', requestText: created, status: 507, responseText: full }
    expect(checks({ ...refused, prefer: 'code=507' })).toEqual([])
    expect(checks(refused)).toContain('no_server_errors')
    // Asking for a success turns nothing off: a page without the pet it must hold is still a finding.
    const sold = { method: 'GET', target: '/pets?status=sold', prefer: 'code=200', status: 200 }
    expect(checks({ ...sold, responseText: '[]' })).toEqual(['interface_model'])
  })

  test('a create holding a field NewPet does not declare may drop it, keep it or refuse it: no violation', () => {
    const sent = JSON.stringify({ name: 'Rex', categoryId: 1, status: 'sold', nickname: 'Rexy' })
    const pet = { id: 47, name: 'Rex', categoryId: 1, status: 'sold' }
    const refusal = JSON.stringify({ code: 'bad_request', message: 'nickname', status: 400 })
    for (const [status, responseText] of [
      [201, JSON.stringify(pet)],
      [201, JSON.stringify({ ...pet, id: 48, nickname: 'Rexy' })],
      [400, refusal],
    ] as const) {
      const judge = seenBy(trafficJudge(defaultSpec()))
      expect(judge({ method: 'POST', target: '/pets', requestText: sent, status, responseText })).toEqual([])
    }
  })

  const rex = { id: 46, name: 'Rex', categoryId: 1, status: 'sold' }
  const created = {
    method: 'POST',
    target: '/pets',
    requestText: JSON.stringify({ name: 'Rex', categoryId: 1, status: 'sold' }),
    status: 201,
    responseText: JSON.stringify(rex),
  }

  test('a read in flight while a create completed may predate it; a pet it holds must still read the same', () => {
    const judge = seenBy(trafficJudge(defaultSpec()))
    expect(judge(created)).toEqual([])
    const lagging = { method: 'GET', target: '/pets?status=sold', status: 200, responseText: '[]' }
    expect(judge({ ...lagging, startedAt: 0 })).toEqual([])
    expect(
      judge({
        method: 'GET',
        target: '/pets/46',
        status: 404,
        responseText: '{"code":"not_found","message":"no","status":404}',
        startedAt: 0,
      }),
    ).toEqual([])
    const changed = judge({
      ...lagging,
      startedAt: 0,
      responseText: JSON.stringify([{ ...rex, name: 'Max' }]),
    })
    // A pet never changes: the invariant names it, whatever overlapped.
    expect(changed.map((v) => `${v.check} ${v.operation}`)).toEqual(['pet_reads_same listPets'])
    expect(judge(lagging).map((v) => v.check)).toEqual(['interface_model'])
  })

  test('what another read taught while this exchange was in flight binds it not; what it taught before does', () => {
    // A pet listed by a read that completed while a second read, and the create that made it, were
    // in flight (the list saw it stored before the 201 came back). Neither may be judged by it.
    const judge = seenBy(trafficJudge(defaultSpec()))
    const ada = { id: 90, name: 'Ada', categoryId: 3, status: 'sold' }
    const sold = { method: 'GET', target: '/pets?status=sold', status: 200 }
    expect(judge({ ...sold, responseText: JSON.stringify([ada]) })).toEqual([])
    expect(judge({ ...sold, startedAt: 0, responseText: '[]' })).toEqual([])
    const createdAda = {
      ...created,
      requestText: JSON.stringify({ name: 'Ada', categoryId: 3, status: 'sold' }),
      responseText: JSON.stringify(ada),
    }
    expect(judge({ ...createdAda, startedAt: 0 })).toEqual([])
    // Arrived after they completed: bound by them.
    expect(judge({ ...sold, responseText: '[]' }).map((v) => v.check)).toEqual(['interface_model'])
    expect(judge(createdAda).map((v) => v.check)).toEqual(['created_ids_unique'])
  })

  test("the judge's knowledge starts over past the invariants' cap of characters: forgetting only weakens it", () => {
    const judge = seenBy(trafficJudge(defaultSpec()))
    const createOf = (id: number, name: string) =>
      judge({
        ...created,
        requestText: JSON.stringify({ name, categoryId: 1, status: 'sold' }),
        responseText: JSON.stringify({ id, name, categoryId: 1, status: 'sold' }),
      })
    // Twenty-five pets of 1 MiB names: past REMEMBERED_CHARS_MAX (20,000,000).
    for (let id = 1; id <= 25; id++) expect(createOf(id, `${id}${'n'.repeat(1_048_575)}`)).toEqual([])
    expect(createOf(100, 'Rex')).toEqual([])
    const notFound = {
      method: 'GET',
      status: 404,
      responseText: '{"code":"not_found","message":"no","status":404}',
    }
    expect(judge({ ...notFound, target: '/pets/1' })).toEqual([])
    expect(judge({ ...notFound, target: '/pets/100' }).map((v) => v.check)).toEqual(['interface_model'])
  })

  test('every answer is held to the invariants, named as the suite names them, requests the document leaves open too', () => {
    const judge = seenBy(trafficJudge(defaultSpec()))
    const { limit, statuses } = defaultSpec().vocabulary
    const maximum = limit?.maximum ?? 0
    const page = (size: number, status: string) =>
      JSON.stringify(
        Array.from({ length: size }, (_, i) => ({ id: 1000 + i, name: 'n', categoryId: 1, status })),
      )
    const [first = '', second = ''] = statuses
    const checks = (seen: Seen) => judge(seen).map((v) => `${v.level} ${v.check}`)
    expect(
      checks({ method: 'GET', target: '/pets?limit=1', status: 200, responseText: page(2, first) }),
    ).toContain('required page_within_limit')
    expect(
      checks({ method: 'GET', target: `/pets?status=${second}`, status: 200, responseText: page(1, first) }),
    ).toContain('required page_matches_filter')
    expect(
      checks({
        method: 'GET',
        target: '/pets/7',
        status: 200,
        responseText: '{"id":8,"name":"n","categoryId":1}',
      }),
    ).toContain('required fetched_pet_is_asked')
    expect(
      checks({
        method: 'GET',
        target: '/pets',
        status: 401,
        authorization: false,
        responseText: '{"code":"unauthorized","message":"no key","status":403}',
      }),
    ).toEqual(['required error_status_matches'])
    // An out-of-range limit is a gap: the page is not judged by its limit, but its pets must still read the same.
    const clamped = `/pets?limit=${maximum + 1}`
    expect(checks({ method: 'GET', target: clamped, status: 200, responseText: page(2, first) })).toEqual([
      'required request_conformance',
    ])
    expect(checks({ method: 'GET', target: clamped, status: 200, responseText: page(2, second) })).toContain(
      'required pet_reads_same',
    )
    expect(checks(created)).toEqual([])
    expect(checks({ ...created, responseText: JSON.stringify({ ...rex, name: 'Rex' }) })).toContain(
      'required created_ids_unique',
    )
  })

  test("no Authorization header must get 401; a 401 is never judged by the model (the key is not the proxy's to know)", () => {
    const judge = seenBy(trafficJudge(defaultSpec()))
    expect(judge(created)).toEqual([])
    const list = { method: 'GET', target: '/pets?status=sold', responseText: '[]' }
    const unauthorized = '{"code":"unauthorized","message":"no key","status":401}'
    expect(judge({ ...list, authorization: false, status: 401, responseText: unauthorized })).toEqual([])
    expect(judge({ ...list, authorization: true, status: 401, responseText: unauthorized })).toEqual([])
    const open = judge({ ...list, authorization: false, status: 200, responseText: JSON.stringify([rex]) })
    expect(open.map((v) => `${v.check} ${v.level}`)).toEqual(['missing_key_rejected required'])
  })

  test('a petId outside int64 is a gap, not a pet to look for; petId 2^63 - 1 is looked for', () => {
    const judge = seenBy(trafficJudge(defaultSpec()))
    const refused = '{"code":"invalid_parameter","message":"petId","status":400}'
    // The client's fault (§4.3 decides int64, read exactly: decisions/037); the answer is not judged.
    for (const id of ['9223372036854775808', '-9223372036854775809'])
      expect(
        judge({ method: 'GET', target: `/pets/${id}`, status: 400, responseText: refused }).map(
          (v) => `${v.level} ${v.check}`,
        ),
      ).toEqual(['required request_conformance'])
    expect(
      judge({ method: 'GET', target: '/pets/9223372036854775807', status: 400, responseText: refused }).map(
        (v) => v.check,
      ),
    ).toEqual(['interface_model'])
  })

  test('a parameter repeated 2,000 times is one fault, the value the schema refuses', () => {
    const judge = seenBy(trafficJudge(defaultSpec()))
    const target = `/pets?${'limit=x&'.repeat(2_000)}`
    const violations = judge({ method: 'GET', target, status: 200, responseText: '[]' })
    expect(violations.map((v) => `${v.level} ${v.check} ${v.message}`)).toEqual([
      "required request_conformance the request's limit must be an integer (int32); received 'x'",
    ])
  })

  test('one exchange reports at most a bounded number of violations, and says how many more', () => {
    // A document whose listPets requires twelve more query parameters: a request with none of them.
    const document = structuredClone(openApiDocument)
    const listPets = document.paths['/pets']?.get
    if (!listPets) throw new Error('no listPets')
    const required = Array.from(
      { length: VIOLATIONS_PER_EXCHANGE_MAX + 2 },
      (_, i): ParameterObject => ({ name: `p${i}`, in: 'query', required: true, schema: { type: 'string' } }),
    )
    listPets.parameters = [...(listPets.parameters ?? []), ...required]
    const spec = compileSpec(document, { lazy: true })
    const judge = seenBy(trafficJudge(spec), spec)
    const violations = judge({ method: 'GET', target: '/pets', status: 200, responseText: '[]' })
    expect(violations).toHaveLength(VIOLATIONS_PER_EXCHANGE_MAX)
    expect(violations.at(-1)?.message).toMatch(/\(and 2 more in this exchange\)$/)
  })
})
