import { connect, type Socket } from 'node:net'
import { HttpResponseReader, type ReadResponse } from './HttpResponseReader.ts'

/**
 * One keep-alive TCP connection of the bench's own driver, one request in flight at a time (as
 * autocannon without pipelining). No agent, no http parser per response beyond the framing: the
 * driver shares the cores with the server it measures, so it stays cheap.
 */
export class KeepAliveConnection {
  readonly #socket: Socket
  readonly #reader = new HttpResponseReader()
  #waiting: { resolve(response: ReadResponse): void; reject(error: Error): void } | undefined
  #failure: Error | undefined

  private constructor(socket: Socket) {
    this.#socket = socket
    socket.setNoDelay(true)
    socket.on('data', (chunk: Buffer) => {
      try {
        for (const response of this.#reader.push(chunk)) {
          const waiting = this.#waiting
          this.#waiting = undefined
          if (!waiting) throw new Error(`an unasked-for ${response.status} response`)
          waiting.resolve(response)
        }
      } catch (error) {
        this.#fail(error as Error)
      }
    })
    socket.on('error', (error) => this.#fail(error))
    socket.on('close', () => this.#fail(new Error('connection closed by the server')))
  }

  /** Opens a connection to 127.0.0.1:`port`. */
  static open(port: number): Promise<KeepAliveConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port })
      socket.once('error', reject)
      socket.once('connect', () => {
        socket.off('error', reject)
        resolve(new KeepAliveConnection(socket))
      })
    })
  }

  /** Sends one serialized request and resolves with its response. */
  send(request: Buffer): Promise<ReadResponse> {
    if (this.#failure) return Promise.reject(this.#failure)
    if (this.#waiting) return Promise.reject(new Error('a request is already in flight'))
    return new Promise((resolve, reject) => {
      this.#waiting = { resolve, reject }
      this.#socket.write(request)
    })
  }

  close(): void {
    this.#failure ??= new Error('closed')
    this.#socket.destroy()
  }

  #fail(error: Error): void {
    this.#failure ??= error
    const waiting = this.#waiting
    this.#waiting = undefined
    waiting?.reject(error)
    this.#socket.destroy()
  }
}
