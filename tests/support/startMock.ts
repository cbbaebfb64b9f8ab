import { createHttpMock, listen } from '../../mocks/http/createHttpMock.ts'

export const KEY = 'petstore-dev-key'

/**
 * A self-checking HTTP mock on a free port, with helpers that speak to it as one session or another
 * (`undefined`: no X-Mock-Session header, the default session). Control-plane writes carry a JSON
 * Content-Type, as the control plane asks of them.
 *
 * @example
 * const it = await startMock()
 * await it.create('alice', 'Rex'); await it.names('alice') // [...seed names, 'Rex']
 */
export async function startMock(options: Parameters<typeof createHttpMock>[0] = {}) {
  const mock = createHttpMock({ selfCheck: true, ...options })
  const base = await listen(mock, 0, '127.0.0.1')
  const origin = base.replace(/\/v1$/, '')
  const headers = (session?: string, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${KEY}`,
    'content-type': 'application/json',
    ...(session !== undefined && { 'x-mock-session': session }),
    ...extra,
  })
  return {
    mock,
    origin,
    port: Number(new URL(base).port),
    create: (session: string | undefined, name: string) =>
      fetch(`${base}/pets`, {
        method: 'POST',
        headers: headers(session),
        body: JSON.stringify({ name, categoryId: 1 }),
      }),
    names: async (session?: string): Promise<string[]> => {
      const response = await fetch(`${base}/pets?limit=100`, { headers: headers(session) })
      return ((await response.json()) as { name: string }[]).map((pet) => pet.name)
    },
    get: (session: string | undefined, path: string, extra?: Record<string, string>) =>
      fetch(`${base}${path}`, { headers: headers(session, extra) }),
    control: (method: string, path: string, session?: string, body?: unknown) =>
      fetch(`${origin}/__mock/${path}`, {
        method,
        headers: headers(session),
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    close: async () => {
      mock.server.closeAllConnections()
      await new Promise((resolve) => mock.server.close(resolve))
    },
  }
}

export type StartedMock = Awaited<ReturnType<typeof startMock>>
