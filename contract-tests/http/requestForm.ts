import { findDuplicateKey } from '../../kit/json/findDuplicateKey.ts'

/**
 * The ways one request may be written without changing what it means: each dimension's values are
 * one request by a standard (the first is the default form, fetch's). RFC 9112 §2.3 (HTTP/1.0),
 * RFC 9112 §6 (Content-Length or chunked, in any TCP segments), RFC 9112 §9.3 (persistent,
 * pipelined), RFC 9110 §10.1.1 (Expect), RFC 9110 §9.3.2 (a HEAD first), RFC 9110 §5.1 and
 * RFC 9110 §5.6.3 (field names' case, whitespace), RFC 9110 §12.5.1 (no Accept, or `*∕*`, accepts
 * anything), RFC 9110 §8.3.1 and RFC 8259 §11 (a media type's name in any case; a charset
 * parameter, which has no effect on application/json), RFC 3986 §2.3 (unreserved characters
 * percent-encoded, either hex case), RFC 8259 §2,
 * RFC 8259 §4 and RFC 8259 §7 (whitespace, member order, `\u` escapes and surrogate pairs).
 */
export const FORM_DIMENSIONS = {
  version: ['1.1', '1.0'],
  framing: ['length', 'chunked'],
  expect: ['', '100-continue'],
  segments: [1, 3],
  connection: ['', 'close', 'keep-alive'],
  head: ['', 'before', 'pipelined'],
  names: ['', 'upper', 'mixed'],
  space: [' ', '', '\t', '   '],
  trailing: ['', ' \t'],
  accept: ['application/json', '', '*/*', 'application/json;q=0.9, */*;q=0.1'],
  type: ['application/json', 'application/json; charset=utf-8', 'Application/JSON'],
  query: ['', 'upper', 'lower'],
  json: ['', 'spaced', 'reversed', 'escaped'],
} as const

type Dimensions = typeof FORM_DIMENSIONS
export type RequestForm = { -readonly [D in keyof Dimensions]: Dimensions[D][number] }
export const DEFAULT_FORM = Object.fromEntries(
  Object.entries(FORM_DIMENSIONS).map(([dimension, values]) => [dimension, values[0]]),
) as RequestForm

/**
 * The dimensions whose other values an RFC lets a server refuse (505 or 426 for HTTP/1.0, 411 for
 * chunked, 417 for Expect, 405 or 501 for HEAD), or that stock stacks keep (Python's http.server
 * keeps whitespace after a value): a refusal of them is recommended to fix, never required.
 */
export const REFUSABLE = new Set<keyof RequestForm>(['version', 'framing', 'expect', 'head', 'trailing'])

/** What decides which dimensions apply: a body, a query, a GET (which a HEAD may precede). */
export type FormMeaning = { method: string; path: string; body?: string | undefined }

/**
 * The form with every dimension that cannot apply to the request set back to its default (chunked
 * and Expect in HTTP/1.0, which has neither; pipelining on a connection that does not persist).
 *
 * @example
 * formFor({ ...DEFAULT_FORM, framing: 'chunked' }, { method: 'GET', path: '/pets' }).framing // 'length'
 */
export function formFor(form: RequestForm, request: FormMeaning): RequestForm {
  const body = request.body !== undefined
  const json = body && request.body !== spelledJson(request.body as string, 'spaced')
  const old = form.version === '1.0'
  const persistent = old ? form.connection === 'keep-alive' : form.connection !== 'close'
  return {
    ...form,
    framing: body && !old ? form.framing : 'length',
    expect: body && !old ? form.expect : '',
    segments: body ? form.segments : 1,
    type: body ? form.type : DEFAULT_FORM.type,
    // Pipelined only on a connection that persists (RFC 9112 §9.3 and RFC 9112 §9.6), else after.
    head: request.method !== 'GET' ? '' : form.head === 'pipelined' && !persistent ? 'before' : form.head,
    query: request.path.includes('?') ? form.query : '',
    json: json ? form.json : '',
  }
}

/**
 * Draws each request's form from the run's seed: half keep the default (fetch's keep-alive pool
 * keeps the run fast), the others change one dimension or more.
 *
 * @example
 * const draw = formDrawer(42)
 * draw({ method: 'POST', path: '/pets', body: '{"name":"a"}' }) // { …DEFAULT_FORM, framing: 'chunked' }
 */
export function formDrawer(seed: number): (request: FormMeaning) => RequestForm {
  let state = seed | 0
  // A linear congruential generator (Numerical Recipes'): the same seed draws the same forms.
  const random = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) | 0
    return (state >>> 0) / 2 ** 32
  }
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  return (request) => {
    const form: Record<string, unknown> = { ...DEFAULT_FORM }
    while (random() < 0.5) {
      const [dimension, values] = pick<[string, readonly unknown[]]>(Object.entries(FORM_DIMENSIONS))
      form[dimension] = pick(values.slice(1))
    }
    return formFor(form as RequestForm, request)
  }
}

const SAID: { [D in keyof RequestForm]: (value: RequestForm[D]) => string } = {
  version: (value) => `HTTP/${value}`,
  framing: () => 'chunked',
  expect: (value) => `Expect: ${value}`,
  segments: (value) => `the body in ${value} TCP segments`,
  connection: (value) => `Connection: ${value}`,
  head: (value) => (value === 'before' ? 'after a HEAD on the same connection' : 'pipelined after a HEAD'),
  names: (value) => `header names in ${value} case`,
  space: (value) => `${JSON.stringify(value)} after header names' colon`,
  trailing: () => 'whitespace after header values',
  accept: (value) => (value === '' ? 'no Accept' : `Accept: ${value}`),
  type: (value) => `Content-Type: ${value}`,
  query: (value) => `the query's unreserved characters percent-encoded in ${value}-case hex`,
  json: (value) =>
    `JSON ${value === 'escaped' ? 'with \\u escapes' : value === 'spaced' ? 'spaced out' : 'reordered'}`,
}

/**
 * The form in words, its dimensions that differ from the default (none for the default form).
 *
 * @example
 * describeForm({ ...DEFAULT_FORM, version: '1.0', accept: '' }) // 'HTTP/1.0, no Accept'
 */
export function describeForm(form: RequestForm): string | undefined {
  const changed = (Object.keys(SAID) as Array<keyof RequestForm>).filter((d) => form[d] !== DEFAULT_FORM[d])
  return changed.map((d) => (SAID[d] as (value: unknown) => string)(form[d])).join(', ') || undefined
}

/**
 * The target with the query's unreserved characters percent-encoded (RFC 3986 §2.3: the same URI),
 * in the form's hex case; `%XX` already there stays. The path is not touched: its literal segments
 * must be matched as sent (decisions/025).
 *
 * @example
 * spelledTarget('/pets?limit=5', 'upper') // '/pets?%6C%69%6D%69%74=%35'
 */
export function spelledTarget(path: string, query: RequestForm['query']): string {
  const at = path.indexOf('?')
  if (at < 0 || query === '') return path
  // Every unreserved character is past U+002C: two hex digits.
  const hex = (c: string) => c.charCodeAt(0).toString(16)
  const encode = (c: string) => (c.length > 1 ? c : `%${query === 'upper' ? hex(c).toUpperCase() : hex(c)}`)
  return path.slice(0, at + 1) + path.slice(at + 1).replace(/%[0-9A-Fa-f]{2}|[A-Za-z0-9\-._~]/g, encode)
}

/** Bodies longer than this keep their spelling: escaping could grow one past a server's body cap. */
const RESPELLED_MAX = 4_096

/**
 * A JSON text spelled otherwise with the same value (RFC 8259): `spaced` puts whitespace between
 * every token, `reversed` the top-level object's members in reverse order (only when no name is
 * there twice: then order decides which value counts), `escaped` every character of every string
 * as `\uXXXX`, an astral one as its surrogate pair. Text that is not JSON is left as it is.
 *
 * @example
 * spelledJson('{"a":"é","b":1}', 'reversed') // '{"b":1,"a":"é"}'
 * spelledJson('{"a":1}', 'escaped') // '{"\\u0061":1}'
 */
export function spelledJson(text: string, json: RequestForm['json']): string {
  if (json === '' || text.length > RESPELLED_MAX) return text
  try {
    JSON.parse(text)
  } catch {
    return text
  }
  const tokens = text.match(/"(?:[^"\\]|\\.)*"|[{}[\]:,]|[^\s{}[\]:,"]+/g) ?? []
  // Space and tab, not CR or LF: the curl line that sends it again stays one line.
  if (json === 'spaced') return tokens.join(' \t')
  if (json === 'escaped')
    // Token by token: a string-literal pattern alone backtracks on a text that never closes one.
    return tokens
      .map((token) =>
        token.replace(/\\u[\dA-Fa-f]{4}|\\.|[^"\\]/g, (c) =>
          c.length > 1 || token[0] !== '"' ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
        ),
      )
      .join('')
  if (tokens[0] !== '{' || findDuplicateKey(text) !== undefined) return text
  const members: string[][] = [[]]
  let depth = 0
  for (const token of tokens.slice(1, -1)) {
    depth += token === '{' || token === '[' ? 1 : token === '}' || token === ']' ? -1 : 0
    if (token === ',' && depth === 0) members.push([])
    else members.at(-1)?.push(token)
  }
  const reversed = members.reverse().map((member) => member.join(''))
  return `{${reversed.join(',')}}`
}
