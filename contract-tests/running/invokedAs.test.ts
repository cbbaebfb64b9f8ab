import { describe, expect, test } from '@jest/globals'
import { invokedAs } from './invokedAs.ts'

describe('invokedAs: the command hints name is the one the user ran', () => {
  test('npm run contract in a clone', () => {
    const env = { npm_lifecycle_event: 'contract', npm_lifecycle_script: 'node contract-tests/cli.ts' }
    expect(invokedAs(env, ['node', '/repo/contract-tests/cli.ts'], '/repo')).toBe('npm run contract --')
  })

  test("a team's own script that runs the bin", () => {
    const env = { npm_lifecycle_event: 'check:staging', npm_lifecycle_script: 'petstore-contract -u $URL' }
    expect(invokedAs(env, ['node', '/app/node_modules/.bin/petstore-contract'], '/app')).toBe(
      'npm run check:staging --',
    )
  })

  test('npx: the installed bin, never a package fetched by name', () => {
    const env = { npm_lifecycle_event: 'npx', npm_lifecycle_script: 'petstore-contract --base-url x' }
    expect(invokedAs(env, ['node', '/cache/.bin/petstore-contract'], '/ci')).toBe(
      'npx --no-install petstore-contract',
    )
  })

  test('the bin on PATH, and node on the source', () => {
    expect(
      invokedAs({}, ['node', '/usr/lib/node_modules/petstore-mock/dist/bin/petstore-contract.js'], '/'),
    ).toBe('petstore-contract')
    expect(invokedAs({}, ['node', '/repo/contract-tests/cli.ts'], '/repo')).toBe('node contract-tests/cli.ts')
  })

  test('a test runner started by npm that spawns the CLI is not the command', () => {
    const env = { npm_lifecycle_event: 'test:unit', npm_lifecycle_script: 'node jest.js' }
    expect(invokedAs(env, ['node', '/repo/contract-tests/cli.ts'], '/repo')).toBe(
      'node contract-tests/cli.ts',
    )
  })
})
