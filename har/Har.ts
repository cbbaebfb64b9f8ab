// The parts of HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) this project writes and
// reads. Written exports are validated against the `har-schema` package's JSON Schema in the tests.

export interface HarNameValue {
  name: string
  value: string
}

/** What a HAR request and response both hold. */
interface HarMessage {
  httpVersion: string
  cookies: HarNameValue[]
  headers: HarNameValue[]
  headersSize: number
  bodySize: number
}

export interface HarRequest extends HarMessage {
  method: string
  url: string
  queryString: HarNameValue[]
  postData?: { mimeType: string; text: string }
}

export interface HarResponse extends HarMessage {
  status: number
  statusText: string
  content: { size: number; mimeType: string; text?: string; comment?: string }
  redirectURL: string
}

export interface HarEntry {
  startedDateTime: string
  time: number
  request: HarRequest
  response: HarResponse
  cache: Record<string, never>
  timings: { send: number; wait: number; receive: number }
  /** Custom fields (HAR allows names starting with `_`): the operation, and a forced response's source. */
  _operation?: string | null
  _forced?: string
  /** The id of the pet a 201 created, whole even when the response body was cut (a replay maps ids by it). */
  _createdId?: string
  /** What the validating proxy found wrong with this exchange (proxy/trafficJudge.ts). */
  _violations?: ReadonlyArray<{ check: string; level: string; message: string }>
}

export interface Har {
  log: {
    version: '1.2'
    creator: { name: string; version: string }
    entries: HarEntry[]
  }
}
