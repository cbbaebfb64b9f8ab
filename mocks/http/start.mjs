// Entry of `npm start`. It turns on Node's compile cache before the TypeScript CLI loads, so from the
// second start on the type-stripped modules come from the cache (start-up about halves). Plain
// JavaScript, because the cache must be on before the first .ts module is read.
import { enableCompileCache } from 'node:module'

enableCompileCache()

// npm runs scripts through `sh -c` and forwards SIGTERM and SIGINT to that shell only; dash passes
// neither on, so `kill <pid of npm start>` left this server running, orphaned, port held, state file
// never flushed. The npm script therefore `exec`s node (npm's signal reaches us directly), and if
// npm dies without forwarding anything (SIGKILL), our parent changes: that counts as a SIGTERM
// (the CLI's handler flushes the state file and exits).
const parent = process.ppid
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM')
}, 200).unref()

const { runMockCli } = await import('./cli.ts')
await runMockCli(process.argv.slice(2), 'npm start --')
