// The example app, built from this repository's sources: `petstore-mock` resolves to ../../mocks, so
// the app's imports read exactly as they do in an app that installed the package.
import { fileURLToPath } from 'node:url'
import { msw } from 'msw/vite'
import { defineConfig } from 'vite'

const fromRepo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url))

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // worker-only: the plugin serves (dev) and emits (build) mockServiceWorker.js; the app starts the
  // worker itself through the package's browser entry.
  plugins: [msw({ mode: 'worker-only' })],
  resolve: {
    alias: [
      { find: /^petstore-mock\/browser$/, replacement: fromRepo('mocks/browser.ts') },
      { find: /^petstore-mock$/, replacement: fromRepo('mocks/index.ts') },
    ],
  },
  // The mock chunk (msw, Ajv, the spec) is about 600 kB and loads only when the app mocks the API.
  build: { target: 'es2022', chunkSizeWarningLimit: 1_000 },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
})
