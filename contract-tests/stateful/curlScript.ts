import { keyWord } from '../http/curlOf.ts'
import type { Exchange } from '../http/exchange.ts'
import type { Step } from './Step.ts'

export interface ScriptHeader {
  baseUrl: string
  /** What to run to replay the search that found it (the seed and budget included). */
  replay: string
  /** One line saying what was found. */
  summary: string
}

/**
 * A runnable `sh` script that sends a failing sequence again, one numbered step per command, with
 * what the model expected and what came back as comments. The key is read from
 * `$PETSTORE_API_KEY`, so the script runs as printed and never shows it. Concurrent requests run in
 * the background and are awaited together, as the suite sent them.
 *
 * @example
 * curlScript({ baseUrl: 'http://127.0.0.1:4010/v1', replay: 'npm run contract -- … --seed 42', summary: '…' }, steps)
 * // '#!/bin/sh\n# …\n# 1. createPet …\ncurl -sS -i -X POST "$BASE/pets" -H "Authorization: Bearer $PETSTORE_API_KEY" …'
 */
export function curlScript(header: ScriptHeader, steps: readonly Step[]): string {
  const lines = [
    '#!/bin/sh',
    `# ${comment(header.summary)}`,
    `# Replay the search: ${comment(header.replay)}`,
    '# Run this script with PETSTORE_API_KEY set to your key; BASE may be overridden.',
    `BASE="\${BASE:-${header.baseUrl.replace(/["\\$`]/g, '\\$&')}}"`,
  ]
  for (const [index, step] of steps.entries()) {
    lines.push('', `# ${index + 1}. ${comment(step.title)}`)
    for (const { exchange, note } of step.exchanges) {
      const { problem } = step
      const failed = problem?.exchange === exchange
      lines.push(`#    received ${comment(received(exchange))}${failed ? '' : ` (${note})`}`)
      if (failed)
        lines.push(
          `#    FAILED: expected ${comment(problem.documented)}`,
          `#    FAILED: ${comment(problem.received)}`,
        )
      lines.push(`${curlLine(exchange)}${step.concurrent ? ' &' : ''}`)
    }
    if (step.concurrent) lines.push('wait')
    if (step.pauseMs !== undefined) lines.push(`sleep ${step.pauseMs / 1000}`)
  }
  return `${lines.join('\n')}\n`
}

function curlLine(exchange: Exchange): string {
  const { request } = exchange
  const parts = [
    `curl -sS -i -X ${request.method}`,
    `"$BASE${request.path.replace(/["\\$`]/g, '\\$&')}"`,
    '-H "Authorization: Bearer $PETSTORE_API_KEY"',
  ]
  if (request.body !== undefined)
    parts.push(`-H 'Content-Type: application/json' --data-raw ${keyWord(request.body)}`)
  return parts.join(' ')
}

function received(exchange: Exchange): string {
  if (exchange.status === 0) return `no response (${exchange.error})`
  return `${exchange.status} ${exchange.text.length > 200 ? `${exchange.text.slice(0, 200)}…` : exchange.text}`
}

/** One comment line: no newline can end the comment, no control character reaches the terminal. */
function comment(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
