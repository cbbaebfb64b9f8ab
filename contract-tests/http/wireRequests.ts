import { curlOf, keyWord } from './curlOf.ts'
import { DEFAULT_FORM, describeForm, type RequestForm } from './requestForm.ts'

/** One request as written on a connection: its head (request line and fields), its body's bytes in pieces (one TCP segment each). */
export interface WireRequest {
  method: string
  head: string
  body: Buffer[]
  /** Sent with `Expect: 100-continue`: the body waits for a 100 (or a while). */
  expect: boolean
}

/**
 * The request in the form as HTTP/1.x text: the request line, Host first, then each field in the
 * form's name case and whitespace, the framing and Expect fields, and the body cut into the form's
 * segments (a chunk each when chunked). With the form's `head`, a HEAD of the same target goes first.
 *
 * @example
 * wireRequests('GET', new URL('http://h/v1/pets'), [['authorization', 'Bearer k']], undefined, DEFAULT_FORM)[0]?.head
 * // 'GET /v1/pets HTTP/1.1\r\nhost: h\r\nauthorization: Bearer k\r\n\r\n'
 */
export function wireRequests(
  method: string,
  url: URL,
  fields: ReadonlyArray<readonly [string, string]>,
  body: string | undefined,
  form: RequestForm,
): WireRequest[] {
  const chunked = body !== undefined && form.framing === 'chunked'
  const length = body === undefined || chunked ? '' : String(Buffer.byteLength(body))
  // The framing fields take no whitespace after their value: Node's parser refuses `chunked \t`.
  const framing = [
    ['transfer-encoding', chunked ? 'chunked' : ''],
    ['content-length', length],
    ['expect', form.expect],
    ['connection', form.connection],
  ].filter(([, value]) => value !== '')
  // What fetch refuses to send (a field broken over lines) is refused here too, as fetch does.
  if (fields.some(([, value]) => /[\r\n\0]/.test(value))) throw new TypeError('invalid header value')
  const line = (name: string, value: string, after = '') =>
    `${spelledName(name, form)}:${form.space}${value}${after}\r\n`
  const lines = [
    line('host', url.host),
    ...fields.map(([name, value]) => line(name, value, form.trailing)),
    ...framing.map(([name = '', value = '']) => line(name, value)),
  ]
  const head = (verb: string) =>
    `${verb} ${url.pathname}${url.search} HTTP/${form.version}\r\n${lines.join('')}\r\n`
  const parts = body === undefined ? [] : cut(Buffer.from(body), form.segments)
  const crlf = Buffer.from('\r\n')
  // An empty piece is no chunk: a chunk of size 0 ends the body.
  const pieces = chunked
    ? parts
        .filter((part) => part.length > 0)
        .map((part) => Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, crlf]))
    : parts
  if (chunked) pieces.push(Buffer.concat([pieces.pop() ?? Buffer.alloc(0), Buffer.from('0\r\n\r\n')]))
  const request = { method, head: head(method), body: pieces, expect: form.expect !== '' }
  return form.head ? [{ method: 'HEAD', head: head('HEAD'), body: [], expect: false }, request] : [request]
}

/** A field name in the form's case: as given, upper, or every other letter upper. */
function spelledName(name: string, form: Pick<RequestForm, 'names'>): string {
  if (form.names === 'upper') return name.toUpperCase()
  if (form.names === '') return name
  return name.replace(/[a-z]/g, (c, at: number) => (at % 2 ? c : c.toUpperCase()))
}

/**
 * The body's bytes in `count` pieces, the first cut in the worst place: right after the first byte
 * of a multi-byte UTF-8 character when there is one (RFC 9112 frames octets; a receiver decodes the
 * body once it is whole), else at an even share. The rest in pieces of about one size.
 */
function cut(body: Buffer, count: number): Buffer[] {
  const lead = body.findIndex((byte, at) => byte >= 0xc0 && at + 1 < body.length)
  const first = count > 1 && lead >= 0 ? lead + 1 : Math.ceil(body.length / count)
  const parts = [body.subarray(0, first)]
  const size = Math.max(1, Math.ceil((body.length - first) / (count - 1)))
  for (let at = first; at < body.length; at += size) parts.push(body.subarray(at, at + size))
  return parts
}

/**
 * A line that sends the request in the form again, the key read from $PETSTORE_API_KEY: curl with
 * the options of the form's framing and Accept, its fields as they went out (curl writes them as
 * typed); where curl cannot write the form (a body in TCP segments, a HEAD first on the same
 * connection, the whitespace after a colon), it says so and writes the bytes with `printf`, one per
 * segment with a pause between (none between pipelined requests), into `nc` (`openssl s_client`
 * for https). `shown`: Authorization lines a check wrote as shell words, instead of the fields'.
 *
 * @example
 * reproduceLine('GET', 'http://h/v1/pets', [['authorization', 'Bearer k']], undefined, 'k', { ...DEFAULT_FORM, version: '1.0' })
 * // `curl -sS -i -X GET 'http://h/v1/pets' --http1.0 -H "authorization: Bearer $PETSTORE_API_KEY"`
 */
export function reproduceLine(
  method: string,
  url: string,
  fields: ReadonlyArray<readonly [string, string]>,
  body: string | undefined,
  apiKey: string,
  form: RequestForm,
  shown?: readonly string[],
): string {
  if (form.segments === 1 && form.head === '' && form.space === DEFAULT_FORM.space) {
    const typed = fields
      .filter(([name]) => name !== 'accept' && !(shown && name === 'authorization'))
      .map(([name, value]) => [spelledName(name, form), `${value}${form.trailing}`])
    const args = [
      form.version === '1.0' && '--http1.0',
      form.framing === 'chunked' && "-H 'Transfer-Encoding: chunked'",
      form.expect && `-H 'Expect: ${form.expect}'`,
      form.connection && `-H 'Connection: ${form.connection}'`,
      // curl sends `Accept: */*` unless told otherwise; `-H 'Accept:'` sends none.
      form.accept !== DEFAULT_FORM.accept && `-H 'Accept:${form.accept && ` ${form.accept}`}'`,
      ...(shown ?? []).map((word) => `-H ${word}`),
    ].filter((arg): arg is string => Boolean(arg))
    return curlOf(method, url, Object.fromEntries(typed), body, apiKey, args)
  }
  // Printable ASCII goes as arguments (the key read from its variable); CR, LF, HTAB and every byte
  // past ASCII (half a UTF-8 character in a segment, too) as octal escapes of the format.
  const printf = (piece: string | Buffer) => {
    const latin1 = Buffer.from(piece).toString('latin1')
    const runs = latin1.match(/[\x20-\x7e]+|[^\x20-\x7e]/g) ?? []
    const text = (run: string) => /^[\x20-\x7e]/.test(run)
    const escaped = (byte: string) =>
      ({ '\r': '\\r', '\n': '\\n', '\t': '\\t' })[byte] ??
      `\\${byte.charCodeAt(0).toString(8).padStart(3, '0')}`
    const format = runs.map((run) => (text(run) ? '%s' : escaped(run)))
    const words = runs.filter(text).map((run) => keyWord(run, apiKey))
    return `printf '${format.join('')}' ${words.join(' ')}`.trimEnd()
  }
  const target = new URL(url)
  const writes = wireRequests(method, target, fields, body, form).map((request) =>
    [request.head, ...request.body].map(printf).join('; sleep 1; '),
  )
  const to =
    target.protocol === 'https:'
      ? `openssl s_client -quiet -connect ${target.hostname}:${target.port || 443}`
      : `nc ${target.hostname} ${target.port || 80}`
  const written = `{ ${writes.join(form.head === 'pipelined' ? '; ' : '; sleep 1; ')}; sleep 2; } | ${to}`
  return `# curl cannot write this form (${describeForm(form)}): the request as it went out\n${written}`
}
