// The bare forwarding proxy: the baseline the validating proxy is divided by. It forwards exactly as
// petstore-mock proxy does (node:http in, fetch out, both bodies read whole, hop-by-hop headers
// dropped) and does nothing else: no judging, no journal, no guards. So the ratio measures what the
// checking costs, not the forwarding both share.
import { createServer } from 'node:http'
import { parseArgs } from 'node:util'
import { HOP_BY_HOP } from '../../proxy/hopByHop.ts'

const { values } = parseArgs({ options: { port: { type: 'string' }, upstream: { type: 'string' } } })
const upstream = new URL(values.upstream ?? 'http://127.0.0.1:4010/v1')

createServer(async (request, response) => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const body = Buffer.concat(chunks)
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers))
    if (!HOP_BY_HOP.has(name) && value !== undefined)
      headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  try {
    const answer = await fetch(`${upstream.origin}${request.url ?? '/'}`, {
      method: request.method ?? 'GET',
      headers,
      ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
      redirect: 'manual',
    })
    const text = Buffer.from(await answer.arrayBuffer())
    const out: Record<string, string> = {}
    answer.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name)) out[name] = value
    })
    response.writeHead(answer.status, out).end(text)
  } catch {
    response.writeHead(502).end()
  }
}).listen(Number(values.port ?? 4021), '127.0.0.1')
