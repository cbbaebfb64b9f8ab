// The worst clients of a server's memory: thousands that ask for its largest answer and never read
// a byte of it, and one that pipelines thousands of requests on one connection. And what a normal
// client waits meanwhile, measured against its own time alone, in the same run.
import { readFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'

/** The resident set of a process of this machine, in MiB (Linux). */
export function rssMiB(pid: number): number {
  const kib = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return Number(kib) / 1024
}

/** CPU seconds a process of this machine has used (Linux, user and system). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/**
 * Resolves once the process has gone idle (under a fifth of a core over half a second), or after
 * `limitMs`: the work an attack started (answering every request it sent) is over, and what is left
 * is what the attack holds.
 */
export async function settled(pid: number, limitMs = 30_000): Promise<void> {
  const until = performance.now() + limitMs
  let last = cpuSeconds(pid)
  while (performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    const now = cpuSeconds(pid)
    if (now - last < 0.1) return
    last = now
  }
}

/** Raw requests on `count` connections, none of which reads its answer; in rounds, so the listen queue keeps up. */
export async function stalledClients(port: number, request: string, count: number): Promise<Socket[]> {
  const sockets: Socket[] = []
  for (let i = 0; i < count; i++) {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(request)
      // Never read: the answer stays in the kernel's buffers, then in the server's.
      socket.pause()
    })
    socket.on('error', () => {})
    sockets.push(socket)
    if (i % 250 === 249) await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return sockets
}

/** The median milliseconds of `samples` requests one after another, each read whole. */
export async function medianMs(send: () => Promise<Response>, samples = 25): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < samples; i++) {
    const started = performance.now()
    await (await send()).arrayBuffer()
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)[Math.floor(samples / 2)] as number
}

/**
 * The ratio of a normal client's median time under `attack` to its median time alone, measured
 * in the same run (alone, attacked, alone again: the slower of the two alone figures is the base, so
 * a machine that slowed down for other reasons does not count against the server).
 */
export async function slowdown(
  send: () => Promise<Response>,
  attacked: () => Promise<number>,
): Promise<number> {
  await medianMs(send, 10)
  const before = await medianMs(send)
  const during = await attacked()
  const after = await medianMs(send)
  return during / Math.max(before, after)
}
