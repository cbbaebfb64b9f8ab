import { execFileSync } from 'node:child_process'

/** The system Chromium (Debian's `chromium`), or `CHROMIUM_PATH` when set; undefined when absent. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH
  try {
    return (
      execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8', timeout: 5_000 }).trim() ||
      undefined
    )
  } catch {
    return undefined
  }
}

/** Flags for a headless run in a container: no sandbox (root), no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** CI systems set CI=true (GitHub Actions, GitLab, our .ci/run under them); there a missing browser is a failure. */
export function isCi(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0'
}
