// The raw-socket client (contract-tests/http/sendRaw.ts) against scripted servers on 127.0.0.1: every
// framing of an answer RFC 9112 §6.3 knows, 1xx, HEAD, pipelining, a connection the server drops,
// Expect answered early, the cap, what is not HTTP, and the timeout.
import type { Socket } from 'node:net'
import { describe, expect, test } from '@jest/globals'
import { DEFAULT_FORM, type RequestForm } from '../../contract-tests/http/requestForm.ts'
import { type Answer, sendRaw } from '../../contract-tests/http/sendRaw.ts'
import { wireRequests } from '../../contract-tests/http/wireRequests.ts'
import { startRaw } from '../servers/hostileServers.ts'

/** A server that answers each request head it reads (`answer(head, socket, index)`), counting connections. */
async function scripted(answer: (head: string, socket: Socket, index: number) => void) {
  let connections = 0
  const heads: string[] = []
  const server = await startRaw((socket) => {
    connections++
    let seen = ''
    socket.on('data', (chunk) => {
      seen += chunk.toString('latin1')
      for (let end = seen.indexOf('\r\n\r\n'); end >= 0; end = seen.indexOf('\r\n\r\n')) {
        const head = seen.slice(0, end)
        seen = seen.slice(end + 4)
        heads.push(head)
        answer(head, socket, heads.length - 1)
      }
    })
  })
  return { ...server, heads, connections: () => connections }
}

const send = (baseUrl: string, method: string, form: Partial<RequestForm> = {}, body?: string, max = 1_000) =>
  sendRaw(
    new URL(`${baseUrl}/pets`),
    wireRequests(method, new URL(`${baseUrl}/pets`), [], body, { ...DEFAULT_FORM, ...form }),
    {
      signal: AbortSignal.timeout(3_000),
      max,
      pipelined: form.head === 'pipelined',
    },
  )
const text = (answer: Answer | undefined) => Buffer.from(answer?.bytes ?? []).toString()

describe('sendRaw reads every framing of an answer', () => {
  test('chunked with extensions and trailers, a 1xx before it, sent in pieces', async () => {
    const server = await scripted((_head, socket) => {
      socket.write(
        'HTTP/1.1 103 Early Hints\r\nlink: </a>\r\n\r\nHTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n3;x=1\r\nab',
      )
      setTimeout(() => socket.write('c\r\n2\r\nde\r\n0\r\nx-trailer: 1\r\n\r\n'), 20)
    })
    try {
      const [answer] = await send(server.baseUrl, 'GET')
      expect([answer?.status, text(answer), answer?.cut]).toEqual([200, 'abcde', undefined])
    } finally {
      await server.close()
    }
  })

  test('an HTTP/1.0 request reads a chunked answer as a 1.0 client does: its bytes, to the close', async () => {
    const server = await scripted((_head, socket) => {
      socket.end('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\n[]\r\n0\r\n\r\n')
    })
    try {
      expect(text((await send(server.baseUrl, 'GET', { version: '1.0' }))[0])).toBe('2\r\n[]\r\n0\r\n\r\n')
      expect(text((await send(server.baseUrl, 'GET'))[0])).toBe('[]')
    } finally {
      await server.close()
    }
  })

  test('a body delimited by the close, and one cut at the cap', async () => {
    const server = await scripted((head, socket) => {
      socket.end(`HTTP/1.0 200 OK\r\n\r\n${head.includes('limit') ? 'x'.repeat(50) : 'whole'}`)
    })
    try {
      expect(text((await send(server.baseUrl, 'GET'))[0])).toBe('whole')
      const [cut] = await sendRaw(
        new URL(`${server.baseUrl}/pets?limit=1`),
        wireRequests('GET', new URL(`${server.baseUrl}/pets?limit=1`), [], undefined, DEFAULT_FORM),
        { signal: AbortSignal.timeout(3_000), max: 10 },
      )
      expect([text(cut), cut?.cut]).toEqual([
        'x'.repeat(10),
        'longer than 10 bytes: the rest was discarded unread',
      ])
    } finally {
      await server.close()
    }
  })

  test.each(['before', 'pipelined'] as const)(
    'a HEAD first (%s), then the GET, on one connection',
    async (head) => {
      const server = await scripted((request, socket) =>
        socket.write(
          `HTTP/1.1 200 OK\r\ncontent-length: 4\r\n\r\n${request.startsWith('HEAD') ? '' : 'body'}`,
        ),
      )
      try {
        const answers = await send(server.baseUrl, 'GET', { head })
        expect(answers.map((a) => [a.status, text(a)])).toEqual([
          [200, ''],
          [200, 'body'],
        ])
        expect([server.connections(), server.heads.map((h) => h.split(' ')[0])]).toEqual([1, ['HEAD', 'GET']])
      } finally {
        await server.close()
      }
    },
  )

  test('a connection dropped after an answer: the next request goes again on a new one (RFC 9112 §9.3.1)', async () => {
    const server = await scripted((request, socket) =>
      socket.end(`HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n${request.startsWith('HEAD') ? '' : 'ok'}`),
    )
    try {
      const answers = await send(server.baseUrl, 'GET', { head: 'pipelined' })
      expect(answers.map(text)).toEqual(['', 'ok'])
      expect(server.connections()).toBe(2)
    } finally {
      await server.close()
    }
  })

  test.each([
    ['after its Expect, before the 100', { expect: '100-continue' as const }],
    ['between its TCP segments', { segments: 3 as const }],
  ])('a body is not sent past a refusal that came first: %s', async (_when, form) => {
    const bodies: string[] = []
    let closed: () => void = () => {}
    const ended = new Promise<void>((resolve) => {
      closed = resolve
    })
    const server = await startRaw((socket) => {
      socket.on('data', (chunk) => bodies.push(chunk.toString()))
      socket.on('close', closed)
      // The connection stays open: whatever the client still sends arrives.
      socket.once('data', () => socket.write('HTTP/1.1 401 Unauthorized\r\ncontent-length: 0\r\n\r\n'))
    })
    try {
      const [answer] = await send(server.baseUrl, 'POST', form, '{"name":"abc","categoryId":1234567}')
      expect(answer?.status).toBe(401)
      // Everything the client sent has arrived once its connection is closed.
      await ended
      expect(bodies.join('')).not.toContain('1234567')
    } finally {
      await server.close()
    }
  })

  test('a 100 later than the client waits for it, among the body segments: the body goes on', async () => {
    const server = await startRaw((socket) => {
      let seen = ''
      let continued = false
      socket.on('data', (chunk) => {
        seen += chunk.toString('latin1')
        // A busy server (Python's http.server on a loaded machine) says 100 once the client went on.
        if (!continued && !seen.endsWith('\r\n\r\n')) {
          continued = true
          socket.write('HTTP/1.1 100 Continue\r\n\r\n')
        }
        if (seen.endsWith('}'))
          socket.end(
            `HTTP/1.1 201 Created\r\ncontent-length: ${seen.length}\r\nconnection: close\r\n\r\n${seen}`,
          )
      })
    })
    try {
      const body = '{"name":"abcdefghijklmnopqrstuvwxyz","categoryId":1234567}'
      const [answer] = await send(server.baseUrl, 'POST', { expect: '100-continue', segments: 3 }, body)
      expect(answer?.status).toBe(201)
      expect(Buffer.from(answer?.bytes ?? []).toString()).toContain(body)
    } finally {
      await server.close()
    }
  })

  test('what is not HTTP/1.x, and an answer that never comes, are errors', async () => {
    const garbage = await scripted((_head, socket) => socket.write('SSH-2.0-OpenSSH\r\n\r\n'))
    const silent = await scripted(() => {})
    try {
      await expect(send(garbage.baseUrl, 'GET')).rejects.toMatchObject({ code: 'HPE_INVALID_CONSTANT' })
      const signal = AbortSignal.timeout(100)
      const url = new URL(`${silent.baseUrl}/pets`)
      await expect(
        sendRaw(url, wireRequests('GET', url, [], undefined, DEFAULT_FORM), { signal, max: 10 }),
      ).rejects.toMatchObject({ name: 'TimeoutError' })
    } finally {
      await garbage.close()
      await silent.close()
    }
  })
})
