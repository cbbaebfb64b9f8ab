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

/**
 * Why a browser test is skipped (no Chromium, outside CI), or false when it runs; says so once on
 * stderr. In CI a missing Chromium is not a skip: the test's `before` fails instead.
 *
 * @example
 * describe('the inspector page', { skip: chromiumSkip('the inspector page test') }, () => { ... })
 */
export function chromiumSkip(what: string, env: NodeJS.ProcessEnv = process.env): string | false {
  if (findChromium(env) || isCi(env)) return false
  const reason =
    'no `chromium` on PATH (apt-get install -y chromium, or set CHROMIUM_PATH); in CI (CI=true) this fails instead'
  console.warn(`SKIPPED ${what}: ${reason}`)
  return reason
}
