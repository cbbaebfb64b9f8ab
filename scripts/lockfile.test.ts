import { readFileSync } from 'node:fs'
import { describe, expect, test } from '@jest/globals'
import { missingPlatformPackages } from './missingPlatformPackages.ts'

describe('package-lock.json', () => {
  test('records every optional platform package, so `npm ci` accepts it on any platform', () => {
    const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'))
    const missing = missingPlatformPackages(lock.packages).map(([location]) => location)
    if (missing.length > 0)
      throw new Error(`run \`npm run lock:complete\`: the lock lacks ${missing.join(', ')}`)
  })
})

describe('missingPlatformPackages', () => {
  test('reads os, cpu and libc from the name, and skips what the lock holds', () => {
    const packages = {
      'node_modules/@biomejs/biome': {
        dev: true,
        optionalDependencies: {
          '@biomejs/cli-linux-x64': '2.6.8',
          '@biomejs/cli-linux-x64-musl': '2.6.8',
          '@biomejs/cli-win32-arm64': '2.6.8',
        },
      },
      'node_modules/@biomejs/cli-linux-x64': { version: '2.6.8' },
    }
    expect(missingPlatformPackages(packages)).toEqual([
      [
        'node_modules/@biomejs/cli-linux-x64-musl',
        { version: '2.6.8', dev: true, optional: true, os: ['linux'], cpu: ['x64'], libc: ['musl'] },
      ],
      [
        'node_modules/@biomejs/cli-win32-arm64',
        { version: '2.6.8', dev: true, optional: true, os: ['win32'], cpu: ['arm64'] },
      ],
    ])
  })

  test('leaves alone optional dependencies whose names declare no platform', () => {
    expect(
      missingPlatformPackages({ 'node_modules/a': { optionalDependencies: { 'some-helper': '1.0.0' } } }),
    ).toEqual([])
  })
})
