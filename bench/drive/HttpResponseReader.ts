/** One response read off a keep-alive connection: its status and its body's bytes. */
export interface ReadResponse {
  status: number
  body: Buffer
}

const HEAD_END = Buffer.from('\r\n\r\n')

/**
 * Splits the bytes of one keep-alive connection into responses, for the bench's own load driver. Only
 * what the servers under test send is read: a status line, headers, and a body of declared
 * `Content-Length` (both the mock and bare node:http answer with one); a chunked or unframed body is
 * an error, never a guess, so a changed server cannot be miscounted.
 *
 * @example
 * new HttpResponseReader().push(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}')) // [{ status: 200, body: <{}> }]
 */
export class HttpResponseReader {
  #pending: Buffer = Buffer.alloc(0)

  /** Adds bytes read from the socket; returns every response they complete, in order. */
  push(chunk: Buffer): ReadResponse[] {
    this.#pending = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk])
    const responses: ReadResponse[] = []
    for (;;) {
      const headEnd = this.#pending.indexOf(HEAD_END)
      if (headEnd === -1) return responses
      const head = this.#pending.toString('latin1', 0, headEnd)
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1])
      if (!Number.isInteger(status)) throw new Error(`not an HTTP/1.x status line: ${head.slice(0, 40)}`)
      const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head)?.[1]
      if (length === undefined) throw new Error(`a ${status} response without Content-Length`)
      const bodyStart = headEnd + HEAD_END.length
      const bodyEnd = bodyStart + Number(length)
      if (this.#pending.length < bodyEnd) return responses
      responses.push({ status, body: this.#pending.subarray(bodyStart, bodyEnd) })
      this.#pending = this.#pending.subarray(bodyEnd)
    }
  }
}
