import { describe, expect, test } from '@jest/globals'
import { startedByNpm, whereTyped } from './whereTyped.ts'

const npmRun = (initCwd: string, script = 'node contract-tests/cli.ts') => ({
  env: { INIT_CWD: initCwd, npm_lifecycle_script: script, npm_lifecycle_event: 'contract' },
  script: '/repo/contract-tests/cli.ts',
  cwd: '/repo',
})

describe('whereTyped: a relative path resolves where the user typed it', () => {
  test.each([
    ['npm run in a subfolder', npmRun('/repo/web'), 'app.har', 'web/app.har'],
    ['npm run at the root', npmRun('/repo'), 'reports/app.har', 'reports/app.har'],
    ['npm run above the clone', npmRun('/work'), 'app.har', '/work/app.har'],
    ['npm run, ../ back to the root', npmRun('/repo/web'), '../app.har', 'app.har'],
    ['an absolute path', npmRun('/repo/web'), '/tmp/app.har', '/tmp/app.har'],
    ['no npm', { env: {}, script: '/repo/contract-tests/cli.ts', cwd: '/repo' }, 'app.har', 'app.har'],
    [
      "a process a test runner spawned under npm test (npm's variables inherited)",
      npmRun('/repo/web', 'node node_modules/jest/bin/jest.js --selectProjects integration'),
      'app.har',
      'app.har',
    ],
  ])('%s', (_name, typedIn, path, want) => {
    expect(whereTyped(path, typedIn)).toBe(want)
  })

  test("npm started the program when its script names the program's file", () => {
    const bin = (script: string) => ({
      env: { INIT_CWD: '/app/web', npm_lifecycle_script: script },
      script: '/app/node_modules/petstore-mock/dist/bin/petstore-contract.js',
      cwd: '/app',
    })
    expect(startedByNpm(bin('petstore-contract --base-url "$URL"'))).toBe(true)
    expect(startedByNpm(bin('node_modules/.bin/petstore-contract'))).toBe(true)
    expect(startedByNpm(bin('petstore-contracts'))).toBe(false)
    expect(startedByNpm(bin('vitest run'))).toBe(false)
    expect(startedByNpm({ ...npmRun('/repo'), script: '/repo/mocks/http/start.mjs' })).toBe(false)
    expect(
      startedByNpm({
        ...npmRun('/repo', 'exec node mocks/http/start.mjs'),
        script: '/repo/mocks/http/start.mjs',
      }),
    ).toBe(true)
  })
})
