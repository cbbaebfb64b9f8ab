// Every Reproduce line of a failing run's console, run in bash as printed, after setting the key the
// way the console said to: each must answer the status its finding reported. A user who passed
// --api-key and pasted a line used to get a 401, because nothing said to set $PETSTORE_API_KEY.
import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { formatConsole } from '../../contract-tests/report/formatConsole.ts'
import { FAILING_RUN_KEY, failingRun } from '../support/failingRun.ts'

// `--norc`: a user's startup file must neither change the expansion nor cost seconds a call.
const BASH = ['--norc', '--noprofile', '-c']

let run: Awaited<ReturnType<typeof failingRun>>
let text: string
beforeAll(async () => {
  run = await failingRun()
  text = formatConsole(run.report, { apiKeyFrom: 'flag' })
  if (process.env.SHOW_CONSOLE) console.log(text)
}, 60_000)
afterAll(() => run?.close())

/**
 * Runs a bash script with `input` on its stdin; resolves what it printed. Asynchronous: the server
 * answering it runs in this process.
 */
function bash(script: string, input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [...BASH, script], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: 10_000,
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk))
    child.stderr.on('data', (chunk: Buffer) => (err += chunk))
    child.once('error', reject)
    child.once('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`bash exited ${code}: ${err}`)),
    )
    child.stdin.end(input)
  })
}

/** Each Reproduce line with the status the "Received:" line above it reported (when it starts with one). */
function reproductions(console: string): Array<{ line: string; status: number }> {
  const found: Array<{ line: string; status: number }> = []
  let status: number | undefined
  for (const line of console.split('\n')) {
    const received = /^ {4}Received: (\d{3})\b/.exec(line)
    if (received) status = Number(received[1])
    else if (/^ {4}Received: /.test(line)) status = undefined
    const reproduce = /^ {4}Reproduce: (curl .*)$/.exec(line)
    if (reproduce && status !== undefined) found.push({ line: reproduce[1] as string, status })
  }
  return found
}

describe('Reproduce lines run as printed once the key is set as the console says', () => {
  test('the console says how, once, before the first Reproduce line, without the key', () => {
    const told = text.split('\n').findIndex((line) => line.startsWith('Reproduce lines read the key'))
    const first = text.split('\n').findIndex((line) => line.trimStart().startsWith('Reproduce: '))
    expect(told).toBeGreaterThan(-1)
    expect(told).toBeLessThan(first)
    expect(text.split('Reproduce lines read the key').length).toBe(2)
    expect(text).not.toContain(FAILING_RUN_KEY)
  })

  test('each line answers the status its finding reported', async () => {
    const instruction = /`([^`]+)`/.exec(
      text.split('\n').find((line) => line.startsWith('Reproduce lines read the key')) ?? '',
    )?.[1]
    expect(instruction).toBeDefined()
    const lines = reproductions(text)
    // Failures and warnings both: the 200 to a wrong key, and the 422s where the spec says 400.
    expect([...new Set(lines.map((l) => l.status))]).toEqual(expect.arrayContaining([200, 422]))
    for (const { line, status } of lines.slice(0, 24)) {
      const script = `${instruction}\n${line} -o /dev/null -w '%{http_code}'`
      // The key typed at the prompt, as the console told; nothing else of it in the environment.
      const answered = await bash(script, `${FAILING_RUN_KEY}\n`)
      expect({ line, status: Number(answered) }).toEqual({ line, status })
    }
  })
})
