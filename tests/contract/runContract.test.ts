// The runner's own outcomes, against small hostile targets on 127.0.0.1: a check whose precondition
// failed is a skip with the reason (never a pass), a stateless-looking target gets a hint, the
// deadline cuts a stalled run and says so, and credentials in the base URL are never sent or shown.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { describe, expect, jest, test } from '@jest/globals'
import type { Check } from '../../contract-tests/checks/Check.ts'
import { type ContractReport, runContract } from '../../contract-tests/running/runContract.ts'
import { startHttp } from '../servers/hostileServers.ts'

// Whole runs against local servers take seconds on a busy machine: a guard, not a threshold.
jest.setTimeout(60_000)

const KEY = 'runner-test-key'

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

const error = (status: number) => ({ code: `e${status}`, message: `error ${status}`, status })

/** A target that checks the key and lists nothing; `create` answers POST /pets. */
function target(create: (request: IncomingMessage, response: ServerResponse, body: string) => void) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      if (request.headers.authorization !== `Bearer ${KEY}`) return json(response, 401, error(401))
      if (request.method === 'POST') return create(request, response, body)
      if (/^\/v1\/pets\/\d+$/.test(request.url ?? '')) return json(response, 404, error(404))
      return json(response, 200, [])
    })
  }
}

async function runAgainst(
  handler: ReturnType<typeof target>,
  options: { deadlineMs?: number; timeoutMs?: number } = {},
): Promise<ContractReport> {
  const server = await startHttp(handler)
  try {
    return await runContract({ baseUrl: server.baseUrl, apiKey: KEY, timeoutMs: 2_000, ...options })
  } finally {
    await server.close()
  }
}

const outcomeOf = (report: ContractReport, check: string, operation: string) =>
  report.results.find((r) => r.check === check && r.operation === operation)

describe('a check whose precondition failed is skipped with the reason, never passed', () => {
  test('every create answers 500: round trip, filter, default limit, maximum and Location are not judged', async () => {
    const report = await runAgainst(target((_request, response) => json(response, 500, error(500))))
    expect(outcomeOf(report, 'create_accepted', 'createPet')?.outcome).toBe('fail')
    for (const [check, operation, reason] of [
      ['create_round_trip', 'getPet', /no create returned a pet/],
      ['status_filter', 'listPets', /not judged: it needs at least 21 pets/],
      ['default_limit', 'listPets', /not judged: it needs at least 21 pets/],
      ['limit_maximum_honoured', 'listPets', /fewer than 100 pets/],
      ['location_header', 'createPet', /no createPet response this check applies to/],
      ['created_pets_kept', 'createPet', /no create of this run answered 201/],
      ['created_pets_kept', 'listPets', /no create of this run answered 201/],
    ] as const) {
      expect({ check, ...outcomeOf(report, check, operation) }).toMatchObject({
        check,
        outcome: 'skip',
        reason: expect.stringMatching(reason),
      })
    }
    expect(report.results.filter((r) => r.outcome === 'skip').every((r) => r.reason)).toBe(true)
  })
})

describe('hints', () => {
  test('a target that accepts any key and keeps nothing is told about --stateless', async () => {
    let id = 0
    const forgetful = (request: IncomingMessage, response: ServerResponse) => {
      request.resume()
      request.on('end', () => {
        if (request.method === 'POST') return json(response, 201, { id: ++id, name: 'x', categoryId: 1 })
        if (/^\/v1\/pets\/\d+$/.test(request.url ?? '')) return json(response, 404, error(404))
        return json(response, 200, [])
      })
    }
    const server = await startHttp(forgetful)
    try {
      const report = await runContract({ baseUrl: server.baseUrl, apiKey: KEY, timeoutMs: 2_000 })
      expect(report.hints?.join('\n')).toMatch(/looks stateless.*--stateless/)
      const stateless = await runContract({ baseUrl: server.baseUrl, apiKey: KEY, stateless: true })
      expect(stateless.hints).toEqual([])
    } finally {
      await server.close()
    }
  })
})

describe('the deadline', () => {
  test('a target that stalls after its first answer: the run is cut, what was judged is kept, the rest skipped', async () => {
    let answered = 0
    const stallsLater = (request: IncomingMessage, response: ServerResponse) => {
      request.resume()
      if (answered++ === 0) json(response, 200, [])
    }
    const report = await runAgainst(stallsLater, { deadlineMs: 4_000, timeoutMs: 60_000 })
    expect(report.cut).toMatch(/deadline \(4 s.*cut the run/)
    expect(report.failed).toBe(true)
    expect(outcomeOf(report, 'no_server_errors', 'listPets')?.outcome).toBe('pass')
    const skipped = report.results.filter((r) => r.outcome === 'skip').map((r) => r.reason)
    expect(skipped).toContain('not judged: the deadline cut the run before this check finished')
    expect(report.results.filter((r) => r.outcome === 'fail')).toEqual([])
  })
})

describe('credentials in the base URL', () => {
  test('are never sent, and the report shows the URL without them', async () => {
    let requests = 0
    const server = await startHttp((request, response) => {
      requests++
      request.resume()
      json(response, 200, [])
    })
    try {
      const withCredentials = server.baseUrl.replace('http://', 'http://admin:pa55-w0rd-secret@')
      const report = await runContract({ baseUrl: withCredentials, apiKey: KEY })
      expect(report.abort).toMatch(/holds credentials/)
      expect(report.baseUrl).toBe(server.baseUrl)
      expect(JSON.stringify(report)).not.toContain('pa55-w0rd-secret')
      expect(requests).toBe(0)
    } finally {
      await server.close()
    }
  })
})

describe('the report never holds the key', () => {
  test('in any field of a finding, the model phase script included, whatever a check copied from the target', async () => {
    const echoed = `Bearer ${KEY} | ${encodeURIComponent(KEY.toUpperCase())} | ${Buffer.from(`u:${KEY}`).toString('base64')}`
    const copying: Check = {
      name: 'copies_the_target',
      level: 'required',
      description: () => 'copies what the target sent into every field',
      operations: ['listPets'],
      needs: [],
      async run() {
        return {
          findings: [{ operation: 'listPets', message: echoed, curl: echoed, script: `1. ${echoed}` }],
        }
      },
    }
    // Creates answer at once: a create that never answers made the census wait out a hundred
    // timeouts (55 s) before the check under test ran, and proved nothing more.
    const server = await startHttp(target((_request, response) => json(response, 500, error(500))))
    try {
      const report = await runContract({ baseUrl: server.baseUrl, apiKey: KEY, checks: [copying] })
      const [found] = report.results[0]?.findings ?? []
      expect(found?.script).toMatch(/^1\. /)
      expect(JSON.stringify(report)).not.toMatch(
        new RegExp(`${KEY}|${Buffer.from(KEY).toString('base64').slice(0, 12)}`, 'i'),
      )
    } finally {
      await server.close()
    }
  })
})
