// Request targets as clients really send them, built from a document's own paths: canonical ones
// and every way a lenient stack would still route (trailing and doubled slashes, percent-encoded
// literal and parameter segments, dot segments, case, base-path variants, matrix parameters, long
// and odd parameter values), with every method. The router's agreement test draws from them.
import fc from 'fast-check'
import { toJsonText } from '../../kit/json/toJsonText.ts'
import type { CompiledSpec } from '../../spec/runtime.ts'
import { sampleFromSchema } from '../../spec/sampleFromSchema.ts'

/** One request to send as it is: the method, the target byte for byte, a JSON body for methods that carry one. */
export interface TargetCase {
  method: string
  target: string
  body?: string
}

/** Every method a client may send through fetch (TRACE and CONNECT it refuses to send). */
export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const

/** The methods, the ones the document's operations use oftener (each path has at most three). */
const method = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('GET', 'POST') },
  { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
)

/** `value` four times in five, else one of `others`: most targets are canonical but for one change. */
function mostly<T>(value: T, others: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ weight: 4, arbitrary: fc.constant(value) }, { weight: 1, arbitrary: others })
}

/** Characters a path segment may hold unencoded (RFC 3986 pchar, less `%`, which encodings add). */
const PCHARS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@"]

/** `text` with one character (at `at`, modulo its length) percent-encoded, in upper- or lower-case hex. */
function encodeOne(text: string, at: number, lower: boolean): string {
  if (text === '') return text
  const i = at % text.length
  const hex = (text.codePointAt(i) ?? 0).toString(16).padStart(2, '0')
  return `${text.slice(0, i)}%${lower ? hex : hex.toUpperCase()}${text.slice(i + 1)}`
}

/** What happens to one literal segment of the document's path. */
const literalForm = mostly(
  (segment: string) => segment,
  fc.oneof(
    fc.nat().map((at) => (segment: string) => encodeOne(segment, at, false)),
    fc.nat().map((at) => (segment: string) => encodeOne(segment, at, true)),
    fc.constant((segment: string) => segment.toUpperCase()),
    fc.constant((segment: string) => `${segment.charAt(0).toUpperCase()}${segment.slice(1)}`),
    fc.constant((segment: string) => `${segment};v=1`),
  ),
)

/** A value for a `{parameter}` segment: ordinary, edge, encoded, odd and long. */
const parameterValue = fc.oneof(
  { weight: 4, arbitrary: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String) },
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '9223372036854775807',
    '9223372036854775808',
    'abc',
    '1.0',
    '1e3',
    '+1',
    '%37',
    '%2F',
    '%2f',
    '%zz',
    '%E0',
    '%20',
    '7;v=1',
    '.',
    '..',
    '%2e',
    '%2E%2E',
  ),
  fc.string({ unit: fc.constantFrom(...PCHARS), minLength: 1, maxLength: 40 }),
  // Past the journal's 512 characters of path: what it keeps is clipped.
  fc.string({ unit: fc.constantFrom(...PCHARS), minLength: 500, maxLength: 700 }),
)

/** Segments put between two of the path's: an empty one (a doubled slash) or a dot segment. */
const extraSegment = fc.constantFrom('', '.', '..', '%2e', '%2E', '.%2e', '%2e%2E')

/**
 * Request targets for the operations of `spec` under `basePath` (its own by default): the
 * document's paths with their literal segments sometimes re-spelled, their parameters filled with
 * any value, sometimes an extra empty or dot segment, a trailing slash, a matrix parameter, another
 * spelling of the base path, and a query of the document's parameters. Nothing is hand-written
 * from the spec: paths, base path and parameter names are read from it.
 *
 * @example
 * fc.sample(requestTargets(defaultSpec()), 1) // [{ method: 'GET', target: '/v1/pets/%37', body: undefined }]
 */
export function requestTargets(
  spec: CompiledSpec,
  basePath = spec.vocabulary.basePath,
): fc.Arbitrary<TargetCase> {
  const templates = [...new Set(spec.operations.map((operation) => operation.path))]
  const queryNames = [
    ...new Set(
      spec.operations.flatMap((operation) =>
        operation.parameters
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => parameter.name),
      ),
    ),
  ]
  const queryValues = [
    ...spec.vocabulary.statuses,
    ...(spec.vocabulary.limit ? [spec.vocabulary.limit.minimum, spec.vocabulary.limit.maximum + 1] : []).map(
      String,
    ),
    'x',
    '',
  ]
  const withBody = spec.operations.find((operation) => operation.requestBody)
  const body = toJsonText(sampleFromSchema(withBody?.requestBody?.content['application/json']?.schema))
  const base = basePath.replace(/\/+$/, '')
  const baseForms = [base, base.toUpperCase(), `${base}0`, `/${base}`, `${base}/`, '']
  const query =
    queryNames.length === 0
      ? fc.constant('')
      : fc.oneof(
          { weight: 3, arbitrary: fc.constant('') },
          fc
            .array(fc.tuple(fc.constantFrom(...queryNames), fc.constantFrom(...queryValues)), {
              minLength: 1,
              maxLength: 3,
            })
            .map(
              (pairs) => `?${pairs.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')}`,
            ),
        )
  return fc
    .record({
      method,
      template: fc.constantFrom(...templates),
      forms: fc.array(literalForm, { minLength: 8, maxLength: 8 }),
      values: fc.array(parameterValue, { minLength: 8, maxLength: 8 }),
      base: mostly(base, fc.constantFrom(...baseForms)),
      extra: mostly<[number, string] | null>(null, fc.tuple(fc.nat(), extraSegment)),
      trailing: mostly('', fc.constantFrom('/', '//', '/.', '/..')),
      query,
    })
    .map(({ method, template, forms, values, base, extra, trailing, query }) => {
      const segments = template
        .split('/')
        .slice(1)
        .map((segment, i) =>
          segment.startsWith('{') && segment.endsWith('}')
            ? (values[i % values.length] as string)
            : (forms[i % forms.length] as (segment: string) => string)(segment),
        )
      if (extra) segments.splice(extra[0] % (segments.length + 1), 0, extra[1])
      const target = `${base}/${segments.join('/')}${trailing}${query}`
      return { method, target, ...(['POST', 'PUT', 'PATCH'].includes(method) && { body }) }
    })
}
