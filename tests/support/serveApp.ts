// The example app as the browser tests use it: built by Vite into a temporary folder, served by
// `vite preview` on a free loopback port, and one Chromium (Debian's) to open it.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, chromium } from 'playwright-core'
import { build, preview } from 'vite'
import { CHROMIUM_ARGS } from './findChromium.ts'

const APP_CONFIG = fileURLToPath(new URL('../../examples/petstore-app/vite.config.ts', import.meta.url))

export interface ServedApp {
  /** `http://127.0.0.1:PORT/` */
  appUrl: string
  browser: Browser
  close(): Promise<void>
}

/**
 * Builds and serves the app, and launches Chromium from `chromiumPath` (undefined only where the
 * tests were told not to skip: CI, which must have it).
 *
 * @example
 * const app = await serveApp(findChromium()!, 10_000); await app.browser.newPage(); await app.close()
 */
export async function serveApp(
  chromiumPath: string | undefined,
  launchTimeoutMs: number,
): Promise<ServedApp> {
  if (!chromiumPath) throw new Error('CI is set and `chromium` is not installed: apt-get install -y chromium')
  const outDir = await mkdtemp(join(tmpdir(), 'petstore-app-'))
  await build({ configFile: APP_CONFIG, logLevel: 'warn', build: { outDir, emptyOutDir: true } })
  const server = await preview({
    configFile: APP_CONFIG,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false },
  })
  const appUrl = server.resolvedUrls?.local[0] ?? ''
  assert.match(appUrl, /^http:\/\/127\.0\.0\.1:\d+\/$/)
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: CHROMIUM_ARGS,
    timeout: launchTimeoutMs,
  })
  return {
    appUrl,
    browser,
    async close() {
      await browser.close()
      await server.close()
      await rm(outDir, { recursive: true, force: true })
    },
  }
}
