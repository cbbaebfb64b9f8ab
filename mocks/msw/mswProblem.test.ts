import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, test } from '@jest/globals'
import { readPackageInfo } from '../../spec/packageInfo.ts'
import { mswProblem } from './mswProblem.ts'

/** A folder whose node_modules holds an msw of `version` (or none), and a module URL inside it. */
async function appWith(version: string | undefined): Promise<string> {
  const app = await mkdtemp(join(tmpdir(), 'petstore-msw-'))
  if (version !== undefined) {
    await mkdir(join(app, 'node_modules', 'msw'), { recursive: true })
    const manifest = { name: 'msw', version, exports: { './package.json': './package.json' } }
    await writeFile(join(app, 'node_modules', 'msw', 'package.json'), JSON.stringify(manifest))
  }
  return pathToFileURL(join(app, 'entry.js')).href
}

describe('mswProblem', () => {
  const range = readPackageInfo().mswRange

  test('the range is the peer dependency in package.json', () => {
    expect(range).toBe('^2.10.0 || ^3.0.5')
  })

  test.each(['2.10.0', '2.15.0', '3.0.5', '3.99.0'])('msw %s is fine', async (version) => {
    expect(mswProblem(await appWith(version), range)).toBeUndefined()
  })

  test.each(['2.9.0', '1.3.2', '3.0.4', '4.0.0'])(
    'msw %s is one sentence naming it and the fix',
    async (version) => {
      const problem = mswProblem(await appWith(version), range)
      expect(problem).toBe(
        `petstore-mock needs msw ${range} (a peer dependency); found msw ${version}. Run: npm install 'msw@${range}'`,
      )
    },
  )

  test('no msw at all says so', async () => {
    expect(mswProblem(await appWith(undefined), range)).toMatch(
      /needs msw \^2\.10\.0 \|\| \^3.* none is installed/,
    )
  })

  test('this repository has a working msw', () => {
    expect(mswProblem(import.meta.url, range)).toBeUndefined()
  })
})
