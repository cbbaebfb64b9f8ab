import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

type Handler = (request: IncomingMessage, response: ServerResponse) => unknown

/** Requests of one connection waiting their turn before it stops reading more of them. */
export const QUEUED_PER_CONNECTION = 32

interface Turns {
  /** The answer this connection's turn is on: the next request waits until it is written. */
  current: ServerResponse | undefined
  /** The answer whose end is listened for, so it is listened for once. */
  watched: ServerResponse | undefined
  waiting: Array<[IncomingMessage, ServerResponse]>
  paused: boolean
}

const TURNS = Symbol('turns')
type Taking = Socket & { [TURNS]?: Turns }

/**
 * Pipelined requests of one connection take turns with every other connection's. Node's parser
 * hands over every request of a received chunk at once, so one client pipelining 20,000 requests
 * would have them all answered (or all forwarded, each holding its buffers) before any other
 * client's request is read. Here a connection's next request starts only once the answer before it
 * is written out, and then on a later turn of the event loop (`setImmediate`), after the other
 * connections' input; past QUEUED_PER_CONNECTION waiting, the connection is no longer read. A client
 * that sends one request at a time never waits: its answer was written before the next came.
 *
 * @example
 * createServer(takeTurns((request, response) => answer(request, response)))
 */
export function takeTurns(handler: Handler): Handler {
  const start = (turns: Turns, socket: Taking, request: IncomingMessage, response: ServerResponse) => {
    turns.current = response
    handler(request, response)
    if (turns.waiting.length > 0) watch(turns, socket)
  }
  // Listened to only while requests wait: a client that sends one at a time costs no listener.
  const watch = (turns: Turns, socket: Taking) => {
    const current = turns.current
    if (current === undefined || turns.watched === current) return
    if (current.writableFinished) return next(turns, socket, current)
    turns.watched = current
    const done = () => next(turns, socket, current)
    current.once('finish', done).once('close', done)
  }
  const next = (turns: Turns, socket: Taking, finished: ServerResponse) => {
    if (turns.current !== finished) return
    turns.current = undefined
    setImmediate(() => {
      const waiting = turns.waiting.shift()
      if (!waiting) return
      if (turns.paused && turns.waiting.length < QUEUED_PER_CONNECTION / 2) {
        turns.paused = false
        socket.resume()
      }
      start(turns, socket, ...waiting)
    })
  }
  return (request, response) => {
    const socket = request.socket as Taking
    socket[TURNS] ??= { current: undefined, watched: undefined, waiting: [], paused: false }
    const turns = socket[TURNS]
    if (turns.current?.writableFinished && turns.waiting.length === 0) turns.current = undefined
    if (turns.current === undefined && turns.waiting.length === 0)
      return start(turns, socket, request, response)
    turns.waiting.push([request, response])
    watch(turns, socket)
    if (!turns.paused && turns.waiting.length >= QUEUED_PER_CONNECTION) {
      turns.paused = true
      socket.pause()
    }
  }
}
