// The bare forwarding proxy: the baseline the validating proxy is divided by. It forwards exactly as
// petstore-mock proxy does (node:http in, node:http out through the same `forwardToUpstream`, both
// bodies read whole, the same header lines kept) and does nothing else: no judging, no decoded copy,
// no journal, no guards, no budget. So the ratio measures what the checking costs, not the
// forwarding both share.
import { createServer } from 'node:http'
import { parseArgs } from 'node:util'
import { forwardToUpstream } from '../../proxy/forwardToUpstream.ts'
import { endToEndLines } from '../../proxy/hopByHop.ts'

const { values } = parseArgs({ options: { port: { type: 'string' }, upstream: { type: 'string' } } })
const upstream = new URL(values.upstream ?? 'http://127.0.0.1:4010/v1')
const SET_HERE: ReadonlySet<string> = new Set(['host', 'content-length'])

createServer(async (request, response) => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const body = Buffer.concat(chunks)
  const lines = endToEndLines(request.rawHeaders, SET_HERE)
  lines.push('Host', upstream.host)
  if (body.length > 0) lines.push('Content-Length', String(body.length))
  const answer = await forwardToUpstream(
    upstream,
    { method: request.method ?? 'GET', target: request.url ?? '/', headerLines: lines, body },
    { timeoutMs: 30_000, maxBodyBytes: 1_048_576, charge: () => true },
  )
  if (answer.kind !== 'answer') return void response.writeHead(502).end()
  response.sendDate = false
  response.writeHead(answer.status, answer.statusMessage, endToEndLines(answer.rawHeaders)).end(answer.body)
}).listen(Number(values.port ?? 4021), '127.0.0.1')
