// One reader of request parameters (decisions/037), proven by generated requests rather than a list:
// query strings and path segments with repeats, empty values, signs, leading zeros, decimals,
// exponents, blanks, percent-encoding, huge digit runs, unknown names and other statuses. For each,
// (a) the mock (stateful, and spec-driven on a copy of listPets) answers 400 exactly when the shared
// reader finds a problem, with its message; (b) the proxy in front of the mock reports a required
// request_conformance only when a value breaks what the interface document decides (and does
// report one for a value in its canonical text that does), a recommended one at most for a text form,
// and nothing at all for a request the mock answered 2xx; (c) the model judges a list query exactly
// when the mock answered it 200, leading zeros aside (a form the mock reads and the document leaves open). The oracle of "what the document decides" is written here from the
// vocabulary (limit bounds, statuses, int64), not from the reader.
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { apiRequest } from '../../kit/http/ApiRequest.ts'
import { createEngine } from '../../mocks/core/createEngine.ts'
import { PetStore } from '../../mocks/core/PetStore.ts'
import { interfaceModelOf } from '../../model/interfaceModel.ts'
import { listQuery } from '../../model/judgeExchange.ts'
import { createProxy } from '../../proxy/createProxy.ts'
import {
  compileSpec,
  defaultSpec,
  LIST_PARAMETERS,
  openApiDocument,
  type ParameterProblem,
  type ParameterRead,
  type PetStoreDocument,
  readParameters,
} from '../../spec/runtime.ts'
import { KEY, startMock } from '../support/startMock.ts'

const spec = defaultSpec()
const router = spec.router()
const model = interfaceModelOf(spec)
const { limit, statuses, item } = spec.vocabulary
if (!limit || !item) throw new Error('the document has no limit or item path')
const INT64 = 2n ** 63n

// listPets copied as an operation the mock answers from the spec alone: the same parameters.
const document = structuredClone(openApiDocument) as PetStoreDocument
const listPets = document.paths['/pets']?.get
if (!listPets) throw new Error('no listPets')
document.paths['/pets/mine'] = { get: { ...listPets, operationId: 'listMine' } }
const specDriven = createEngine({ store: new PetStore(), spec: compileSpec(document), selfCheck: true })

let mock: Awaited<ReturnType<typeof startMock>>
let proxy: ReturnType<typeof createProxy>
let base = ''
beforeAll(async () => {
  mock = await startMock()
  proxy = createProxy({ upstream: `${mock.origin}${router.basePath}`, spec })
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => proxy.server.close(resolve))
  await mock.close()
})

/** An integer's digits: mostly around the limit's bounds, some long runs and int64's edges. */
const digits = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: limit.minimum - 1, max: limit.maximum + 1 }).map(String) },
  fc.stringMatching(/^[0-9]{15,40}$/),
  fc.constantFrom('9223372036854775807', '9223372036854775808', '9007199254740993'),
)
/** Texts around integers: signs, blanks, leading zeros, decimals, exponents, huge runs, and others. */
const integerish = fc.oneof(
  { weight: 3, arbitrary: digits },
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.constantFrom('', '-', '+', ' ', '0', '00', '\t'),
        digits,
        fc.constantFrom('', '.0', '.5', '.', 'e1', 'E0', 'e-1', 'e+2', ' '),
      )
      .map((parts) => parts.join('')),
  },
  fc.constantFrom('', 'abc', '0x1', 'Infinity', 'NaN', '1,2', '١', '１', '-0', '.5'),
  fc.string({ maxLength: 6 }),
)
const statusish = fc.oneof(
  fc.constantFrom(...statuses),
  fc.constantFrom(...statuses).map((status) => status.toUpperCase()),
  fc.constantFrom(...statuses).map((status) => ` ${status}`),
  fc.constantFrom('', 'lost', 'sold,pending'),
  fc.string({ maxLength: 6 }),
)

/** The same text percent-encoded several ways: minimally, blanks as `+`, every byte, or a broken escape. */
const encoded = (text: fc.Arbitrary<string>) =>
  fc
    .tuple(text, fc.constantFrom('minimal', 'minimal', 'minimal', 'plus', 'every', 'broken'))
    .map(([value, how]) => {
      if (how === 'plus') return encodeURIComponent(value).replaceAll('%20', '+')
      if (how === 'every')
        return [...new TextEncoder().encode(value)]
          .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
          .join('')
      if (how === 'broken') return `${encodeURIComponent(value)}%zz`
      return encodeURIComponent(value)
    })

const pair = fc.oneof(
  encoded(integerish).map((value) => `${LIST_PARAMETERS.limit}=${value}`),
  encoded(integerish).map((value) => `${LIST_PARAMETERS.limit}=${value}`),
  encoded(statusish).map((value) => `${LIST_PARAMETERS.status}=${value}`),
  fc.constantFrom(LIST_PARAMETERS.limit, LIST_PARAMETERS.status), // a name with no `=`
  fc.constantFrom('colour=red', 'Limit=500', 'limit%5B%5D=1', 'page=2', '='),
)
const query = fc.array(pair, { maxLength: 3 }).map((pairs) => pairs.join('&'))

// Never a dot segment however it is spelled (`%2e`): the router and URL parsers treat those apart.
const segment = fc
  .oneof(
    encoded(integerish.filter((text) => text !== '.' && text !== '..')),
    fc.constantFrom('%zz', '%E0', '1%2F2', '%2B5', '+5', '7;x=1'),
  )
  .filter((text) => text !== '')

/** Any decimal spelling's number (`NaN` for none): what a value written `1.0` or ` +5` is. */
const spelled = (text: string) =>
  /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?\s*$/i.test(text) ? Number(text) : Number.NaN
/** The problem the mock answers: the first the reader finds, in declaration order. */
const firstProblem = (reads: ParameterRead[]) =>
  reads.flatMap((read) => (read.state === 'problem' ? [read.problem] : []))[0]
const canonicalInteger = (text: string) => /^-?\d+$/.test(text)
const limitBroken = (text: string) => {
  const value = spelled(text)
  return !(Number.isInteger(value) && value >= limit.minimum && value <= limit.maximum)
}
const idBroken = (text: string) => {
  if (canonicalInteger(text)) return BigInt(text) < -INT64 || BigInt(text) >= INT64
  const value = spelled(text)
  return !(Number.isInteger(value) && Math.abs(value) < 2 ** 63)
}

/** One GET through the proxy in front of the mock: its status, its Error message, the violations it caused. */
async function throughProxy(target: string) {
  const before = proxy.violations().total
  const response = await fetch(`${base}${target}`, { headers: { authorization: `Bearer ${KEY}` } })
  const body = (await response.json()) as { message?: string }
  const added = proxy.violations().total - before
  return {
    status: response.status,
    message: body.message,
    found: added === 0 ? [] : proxy.violations().kept.slice(-added),
  }
}

/** What (b) asks of the proxy's verdicts on one exchange, given what the document decides of it. */
function expectLevels(
  outcome: Awaited<ReturnType<typeof throughProxy>>,
  decidedBroken: boolean,
  canonicalBroken: boolean,
) {
  const summary = outcome.found.map((v) => `${v.level} ${v.check}`)
  // The mock conforms: the only verdict is ever the client's.
  expect(outcome.found.every((v) => v.check === 'request_conformance')).toBe(true)
  if (outcome.status < 300) expect(summary).toEqual([])
  if (outcome.status === 400) expect(summary.length).toBeGreaterThan(0)
  if (!decidedBroken) expect(summary).not.toContain('required request_conformance')
  if (canonicalBroken) expect(summary).toContain('required request_conformance')
}

function expectSameAnswer(
  status: number,
  message: string | undefined,
  problem: ParameterProblem | undefined,
) {
  expect({ status, message: status === 400 ? message : undefined }).toEqual({
    status: problem ? 400 : 200,
    message: problem?.message,
  })
}

test('generated list queries: the mocks, the proxy and the model read them by the one reader', async () => {
  await fc.assert(
    fc.asyncProperty(query, async (search) => {
      const target = `${router.basePath}/pets${search === '' ? '' : `?${search}`}`
      const request = apiRequest({ method: 'GET', target })
      const route = router.route('GET', request.path)
      if (route.kind !== 'operation') throw new Error(`${target} routes nowhere`)
      const problem = firstProblem(readParameters(route.operation, request, route, spec.validators))
      const outcome = await throughProxy(target)
      // (a) the stateful mock, and the spec-driven one on the same parameters.
      expectSameAnswer(outcome.status, outcome.message, problem)
      const mine = specDriven.handle(
        apiRequest({
          method: 'GET',
          target: target.replace('/pets', '/pets/mine'),
          header: (name) => (name === 'authorization' ? `Bearer ${KEY}` : undefined),
        }),
      )
      expectSameAnswer(mine.status, (mine.body as { message?: string }).message, problem)
      // (b) the proxy's levels, by the document's own rules.
      const limits = request.query.getAll(LIST_PARAMETERS.limit)
      const filters = request.query.getAll(LIST_PARAMETERS.status)
      const decidedBroken = limits.some(limitBroken) || filters.some((status) => !statuses.includes(status))
      const canonicalBroken =
        limits.some((text) => canonicalInteger(text) && limitBroken(text)) ||
        filters.some((status) => !statuses.includes(status))
      expectLevels(outcome, decidedBroken, canonicalBroken)
      // (c) the model judges exactly the queries the mock answered 200, but for a limit written with
      // leading zeros or as -0: the mock reads its value, the document does not decide the form.
      const zeroLed = limits.some((text) => /^-?0\d|^-0$/.test(text))
      expect(listQuery(model, request) !== undefined).toBe(outcome.status === 200 && !zeroLed)
    }),
    { numRuns: 400 },
  )
})

test('generated path segments: getPet reads its id by the one reader, and the proxy judges it at its level', async () => {
  await fc.assert(
    fc.asyncProperty(segment, async (text) => {
      const target = `${router.basePath}${item.template.replace(`{${item.parameter}}`, text)}`
      const request = apiRequest({ method: 'GET', target })
      const route = router.route('GET', request.path)
      if (route.kind !== 'operation') throw new Error(`${target} routes nowhere`)
      const problem = firstProblem(readParameters(route.operation, request, route, spec.validators))
      const outcome = await throughProxy(target)
      // (a) 400 exactly when the reader refuses the id; else the pet or 404.
      if (problem) expect(outcome.status).toBe(400)
      else expect([200, 404]).toContain(outcome.status)
      if (problem && problem.kind !== 'undecodable') expect(outcome.message).toBe(problem.message)
      // (b) an undecodable segment is no integer; a value beyond int64 breaks §4.3.
      const id = route.params[item.parameter] ?? ''
      const undecodable = route.undecodable === item.parameter
      const decidedBroken = undecodable || idBroken(id)
      expectLevels(outcome, decidedBroken, undecodable || (canonicalInteger(id) && idBroken(id)))
    }),
    { numRuns: 300 },
  )
})
