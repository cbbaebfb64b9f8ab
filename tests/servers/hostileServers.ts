import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http'
import {
  type AddressInfo,
  createServer as createNetServer,
  type Server as NetServer,
  type Socket,
} from 'node:net'

/** A server the tests start on 127.0.0.1, port 0, and stop (its connections too) when done. */
export interface LocalServer {
  baseUrl: string
  port: number
  close(): Promise<void>
}

/**
 * Starts a node:http server on 127.0.0.1 with a free port; `baseUrl` ends in /v1.
 *
 * @example
 * const server = await startHttp((req, res) => res.end('[]'))
 * await server.close()
 */
export async function startHttp(handler: RequestListener): Promise<LocalServer> {
  const server = createServer(handler)
  const port = await listenLocally(server)
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

/** Listens on 127.0.0.1, on a free port, and says which. */
async function listenLocally(server: NetServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

/**
 * Starts a raw TCP server: `onSocket` gets every connection, for answers node:http would refuse to send.
 *
 * @example
 * const server = await startRaw((socket) => socket.resetAndDestroy())
 */
export async function startRaw(onSocket: (socket: Socket) => void): Promise<LocalServer> {
  const sockets = new Set<Socket>()
  const server = createNetServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
    onSocket(socket)
  })
  const port = await listenLocally(server)
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

/**
 * A port on 127.0.0.1 where nothing listens (a server was there and was closed): connection refused.
 *
 * @example
 * const url = `http://127.0.0.1:${await closedPort()}/v1`
 */
export async function closedPort(): Promise<number> {
  const server = await startRaw(() => {})
  await server.close()
  return server.port
}

const CHUNK = Buffer.alloc(65_536, ' ')

/**
 * A handler that answers 200 `application/json` with a body of `bytes` (Infinity: endless), written
 * as fast as the client reads it, and stops writing when the client goes away.
 *
 * @example
 * await startHttp(bodyOf(100e6)) // 100 MB on every request
 */
export function bodyOf(bytes: number): RequestListener {
  return (request: IncomingMessage, response: ServerResponse) => {
    request.resume()
    response.writeHead(200, { 'content-type': 'application/json' })
    // A HEAD has no content: node:http would drop every chunk, and the loop below would never end.
    if (request.method === 'HEAD') return void response.end()
    let sent = 0
    let closed = false
    response.on('close', () => {
      closed = true
    })
    const pump = () => {
      while (!closed && sent < bytes) {
        const chunk = bytes - sent < CHUNK.length ? CHUNK.subarray(0, bytes - sent) : CHUNK
        sent += chunk.length
        if (!response.write(chunk)) return void response.once('drain', pump)
      }
      if (!closed) response.end()
    }
    pump()
  }
}

/** A handler that reads the request and never answers. */
export const stall: RequestListener = (request) => {
  request.resume()
}

/**
 * A raw-socket handler that answers every request with `102 Processing`, again and again, never a
 * final answer: written as fast as the client reads them (`every` 0), or one each `every` ms.
 *
 * @example
 * await startRaw(interimForever(0))
 */
export function interimForever(every: number): (socket: Socket) => void {
  const interim = 'HTTP/1.1 102 Processing\r\n\r\n'
  return (socket) =>
    socket.once('data', () => {
      const write = (): void => {
        if (socket.destroyed) return
        if (every > 0) {
          socket.write(interim)
          setTimeout(write, every)
          return
        }
        while (socket.write(interim)) {}
        socket.once('drain', write)
      }
      write()
    })
}

/**
 * A raw-socket handler that starts a 200 answer and sends `bytes` of header lines (far past any
 * client's limit), then an empty body.
 *
 * @example
 * await startRaw(headersFlood(100e6))
 */
export function headersFlood(bytes: number): (socket: Socket) => void {
  const line = `x-flood: ${'a'.repeat(1_000)}\r\n`
  return (socket) =>
    socket.once('data', () => {
      let sent = 0
      const write = (): void => {
        while (!socket.destroyed && sent < bytes) {
          sent += line.length
          if (!socket.write(line)) return void socket.once('drain', write)
        }
        if (!socket.destroyed) socket.end('content-length: 0\r\n\r\n')
      }
      socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n')
      write()
    })
}
