import type { Server } from 'node:http'
import type { Socket } from 'node:net'

/**
 * Closes connections whose client stops reading its responses (pipelining requests and never
 * reading, say) for longer than `afterMs`. Node stops parsing such a connection once a response
 * cannot be flushed, but keeps the socket, its buffers and the queued response for as long as the
 * client likes; a few hundred such clients hold the server's memory. A socket is stalled while bytes
 * wait in its buffer and none of them leave; any progress restarts the clock, so a slow reader that
 * keeps reading is never cut off. Checks run every `min(1 s, afterMs)` on an unref'd timer.
 *
 * @example
 * cutOffStalledReaders(server, 10_000, (bytes) => log(`closed a connection with ${bytes} bytes unread`))
 */
export function cutOffStalledReaders(
  server: Server,
  afterMs: number,
  onCutOff: (waitingBytes: number) => void,
): void {
  // Per socket with bytes waiting: those handed to the kernel so far (the client took them), and since when.
  const open = new Map<Socket, { flushed: number; since: number } | undefined>()
  server.on('connection', (socket: Socket) => {
    open.set(socket, undefined)
    socket.once('close', () => open.delete(socket))
  })
  const timer = setInterval(
    () => {
      const now = performance.now()
      for (const [socket, progress] of open) {
        const flushed = socket.bytesWritten - socket.writableLength
        if (socket.writableLength === 0 || progress === undefined || progress.flushed !== flushed) {
          open.set(socket, socket.writableLength === 0 ? undefined : { flushed, since: now })
        } else if (now - progress.since >= afterMs) {
          onCutOff(socket.writableLength)
          socket.destroy()
        }
      }
    },
    Math.min(1_000, afterMs),
  )
  timer.unref()
  server.once('close', () => clearInterval(timer))
}
