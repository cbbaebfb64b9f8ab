// Nothing the documentation tells people to run fetches a package by a name this project does not
// install: every fenced code block of every Markdown page, the workflows and .ci/run are read for
// `npx NAME`, `npm exec NAME`, `npm install NAME`, `pnpm dlx NAME` and their kin, and our own bins
// run through npx only with `--no-install` (docs/install.md: the names are not ours yet).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from '@jest/globals'
import { documentedLines } from './documentedShell.ts'
import { fetchesByName, type Installed, packageName } from './fetchesByName.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  bin: Record<string, string>
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
  peerDependencies: Record<string, string>
}
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, unknown>
}
const INSTALLED: Installed = {
  packages: new Set(
    Object.keys({
      ...manifest.dependencies,
      ...manifest.devDependencies,
      ...manifest.peerDependencies,
    }).filter((name) => `node_modules/${name}` in lock.packages),
  ),
  ownBins: new Set(Object.keys(manifest.bin)),
}

describe('documented commands fetch nothing by a name the project does not own', () => {
  const lines = documentedLines(ROOT, { all: true })

  test('the reader sees the pages, the workflows and .ci/run', () => {
    const sources = new Set(lines.map(({ source }) => source.replace(/:.*$/, '')))
    expect([...sources]).toEqual(
      expect.arrayContaining([
        'README.md',
        'docs/adopters.md',
        '.ci/run',
        '.github/workflows/contract-staging.yml',
      ]),
    )
    expect(lines.length).toBeGreaterThan(50)
  })

  test('no line fetches by name', () => {
    const found = lines.flatMap(({ source, line }) =>
      fetchesByName(line, INSTALLED).map((problem) => `${source}: ${line}: ${problem}`),
    )
    expect(found).toEqual([])
  })
})

describe('the reader of fetches', () => {
  const installed: Installed = {
    packages: new Set(['msw', 'node', 'vite']),
    ownBins: new Set(['petstore-mock']),
  }
  test.each([
    ['npx petstore-mock --port 4010', 1],
    ['npx --no-install petstore-mock --port 4010', 0],
    ['npm exec -- petstore-mock', 1],
    ['npm exec --no-install -- petstore-mock', 0],
    ['npx vite build', 0],
    ['npx vitest run', 1],
    ['npx --no-install vitest run', 0],
    ['pnpm dlx vitest run', 1],
    ['bunx petstore-mock', 1],
    ['yarn dlx @scope/tool', 1],
    ['npx -p node@24 node app.js', 0],
    ['npx -p node@24 -p left-pad node app.js', 1],
    ['npm install --save-dev ../petstore-mock/petstore-mock-0.1.0.tgz msw@^3', 0],
    ['npm install petstore-mock', 1],
    ['npm i -D vitest && npm test', 1],
    ['npm install --no-save ./petstore-mock.tgz', 0],
    ['cd app && pnpm add @scope/tool@1', 1],
    ['npm ci && npm test', 0],
    ["echo 'npx petstore-mock'   # npx petstore-mock", 0],
  ])('%s: %d problem(s)', (line, count) => {
    expect(fetchesByName(line, installed)).toHaveLength(count)
  })

  test.each([
    ['msw@^3', 'msw'],
    ['@stoplight/prism-cli@5.16', '@stoplight/prism-cli'],
    ['./petstore-mock.tgz', undefined],
    ['petstore-mock-0.1.0.tgz', undefined],
    ['"$TARBALL"', undefined],
  ])('%s names %s', (spec, name) => {
    expect(packageName(spec.replaceAll('"', ''))).toBe(name)
  })
})
