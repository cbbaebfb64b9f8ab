import type { SpecValidators } from '../../spec/runtime.ts'
import { type Check, type Finding, finding, type OperationName } from '../Check.ts'
import type { Exchange } from '../exchange.ts'

type ExchangeRule = (
  exchange: Exchange & { operation: OperationName },
  validators: SpecValidators,
  context: { documented: string[] },
) => Finding | undefined

/** A check that reads every exchange of the run (they run after all the others). */
function everyExchange(check: Omit<Check, 'run' | 'afterAll' | 'operations'>, rule: ExchangeRule): Check {
  return {
    ...check,
    operations: ['listPets', 'createPet', 'getPet'],
    afterAll: true,
    async run(context) {
      const findings: Finding[] = []
      const reported = new Set<string>()
      for (const exchange of context.exchanges) {
        const operation = exchange.request.operation
        if (!operation) continue
        const spec = context.document.paths[operation === 'getPet' ? '/pets/{petId}' : '/pets']
        const documented = Object.keys((operation === 'createPet' ? spec?.post : spec?.get)?.responses ?? {})
        const found = rule({ ...exchange, operation }, context.validators, { documented })
        // One finding per operation and message is enough to act on.
        const key = `${operation} ${found?.message}`
        if (found && !reported.has(key)) {
          reported.add(key)
          findings.push(found)
        }
      }
      return { findings }
    },
  }
}

export const noServerErrors = everyExchange(
  {
    name: 'no_server_errors',
    level: 'required',
    description: 'No request the suite sends gets a 5xx, a reset connection or no answer in time.',
    needs: [],
  },
  (exchange) => {
    if (exchange.status === 0)
      return finding(
        exchange,
        exchange.operation,
        `no response: ${exchange.error}`,
        'a response within the timeout',
      )
    if (exchange.status >= 500)
      return finding(
        exchange,
        exchange.operation,
        `${exchange.status}: ${exchange.text.slice(0, 200)}`,
        'no 5xx for any input: bad input is a 4xx',
      )
    return undefined
  },
)

export const errorBodies = everyExchange(
  {
    name: 'error_body_conformance',
    level: 'required',
    description:
      'Every error response is an Error body {code, message, status} whose status equals the HTTP status (§7).',
    needs: [],
  },
  (exchange, validators) => {
    if (exchange.status < 400) return undefined
    const validate = validators.schema('Error')
    if (!validate(exchange.json)) {
      return finding(
        exchange,
        exchange.operation,
        `${exchange.status} with ${exchange.text.slice(0, 200) || 'no body'}`,
        'an Error body: code (string), message (string), status (integer)',
      )
    }
    const status = (exchange.json as { status: number }).status
    if (status !== exchange.status)
      return finding(
        exchange,
        exchange.operation,
        `HTTP ${exchange.status} with Error.status ${status}`,
        'Error.status repeats the HTTP status code (§7)',
      )
    return undefined
  },
)

export const statusCodeConformance = everyExchange(
  {
    name: 'status_code_conformance',
    level: 'required',
    description:
      'Every answer to a request the document defines uses a status the spec documents for the operation.',
    needs: [],
  },
  (exchange, _validators, { documented }) => {
    if (exchange.request.kind === 'gap' || exchange.status === 0 || exchange.status >= 500) return undefined
    if (documented.includes(String(exchange.status))) return undefined
    return finding(exchange, exchange.operation, `${exchange.status}`, `one of ${documented.join(', ')}`)
  },
)

export const gapStatusConformance = everyExchange(
  {
    name: 'gap_status_conformance',
    level: 'recommended',
    description: 'Answers to inputs the document is silent on also use statuses the spec documents.',
    needs: [],
  },
  (exchange, _validators, { documented }) => {
    if (exchange.request.kind !== 'gap' || exchange.status === 0 || exchange.status >= 500) return undefined
    if (documented.includes(String(exchange.status))) return undefined
    return finding(exchange, exchange.operation, `${exchange.status}`, `one of ${documented.join(', ')}`)
  },
)

export const contentTypeConformance = everyExchange(
  {
    name: 'content_type_conformance',
    level: 'required',
    description: 'Every response with a body is application/json (§4).',
    needs: [],
  },
  (exchange) => {
    if (exchange.status === 0 || exchange.text === '' || exchange.request.method === 'HEAD') return undefined
    const type = exchange.headers.get('content-type') ?? 'none'
    if (/^application\/json\b/i.test(type)) return undefined
    return finding(exchange, exchange.operation, `Content-Type ${type}`, 'application/json')
  },
)

export const responseSchemaConformance = everyExchange(
  {
    name: 'response_schema_conformance',
    level: 'required',
    description:
      'Every documented response body matches its schema in the spec (Ajv, compiled from spec/openapi.yaml).',
    needs: [],
  },
  (exchange, validators) => {
    const validate = validators.response(exchange.operation, exchange.status)
    if (!validate || validate(exchange.json)) return undefined
    const errors = (validate.errors ?? [])
      .slice(0, 3)
      .map((e) => `${e.instancePath || '(body)'} ${e.message}`)
    return finding(
      exchange,
      exchange.operation,
      `${exchange.status} body breaks the schema: ${errors.join('; ')}`,
      `the ${exchange.status} schema of ${exchange.operation}`,
    )
  },
)

export const wwwAuthenticate = everyExchange(
  {
    name: 'www_authenticate_challenge',
    level: 'recommended',
    description: 'A 401 carries a WWW-Authenticate: Bearer challenge (RFC 9110, RFC 6750).',
    needs: [],
  },
  (exchange) => {
    if (exchange.status !== 401 || /^bearer\b/i.test(exchange.headers.get('www-authenticate') ?? ''))
      return undefined
    return finding(
      exchange,
      exchange.operation,
      `401 with WWW-Authenticate ${exchange.headers.get('www-authenticate') ?? 'missing'}`,
      'WWW-Authenticate: Bearer ...',
    )
  },
)

export const locationHeader = everyExchange(
  {
    name: 'location_header',
    level: 'recommended',
    description: 'A 201 from createPet carries Location pointing at the new pet.',
    needs: ['write'],
  },
  (exchange) => {
    if (exchange.status !== 201) return undefined
    const id = (exchange.json as { id?: unknown } | undefined)?.id
    const location = exchange.headers.get('location') ?? ''
    if (location.endsWith(`/pets/${String(id)}`)) return undefined
    return finding(
      exchange,
      exchange.operation,
      `Location '${location || 'missing'}' for id ${String(id)}`,
      `Location ending in /pets/${String(id)}`,
    )
  },
)

export const safeIntegerIds = everyExchange(
  {
    name: 'safe_integer_ids',
    level: 'recommended',
    description: 'Pet ids fit in 2^53 − 1, so JavaScript clients hold them exactly.',
    needs: [],
  },
  (exchange) => {
    if (exchange.status < 200 || exchange.status >= 300 || exchange.json === undefined) return undefined
    const pets = Array.isArray(exchange.json) ? exchange.json : [exchange.json]
    const unsafe = pets.find((pet) => typeof pet?.id === 'number' && !Number.isSafeInteger(pet.id))
    if (!unsafe) return undefined
    return finding(exchange, exchange.operation, `id ${unsafe.id}`, 'ids no larger than 9007199254740991')
  },
)
