import { describe, expect, test } from '@jest/globals'
import { endToEndLines } from './hopByHop.ts'

describe('endToEndLines', () => {
  test.each([
    [
      'repeats stay, in order and spelling',
      ['Set-Cookie', 'a=1', 'X-A', '1', 'set-cookie', 'b=2', 'Set-Cookie', 'c=3'],
      ['Set-Cookie', 'a=1', 'X-A', '1', 'set-cookie', 'b=2', 'Set-Cookie', 'c=3'],
    ],
    [
      'connection-scoped lines go, and those Connection names',
      [
        'Connection',
        'keep-alive, X-Hop',
        'Keep-Alive',
        'timeout=5',
        'X-Hop',
        '1',
        'Transfer-Encoding',
        'chunked',
        'Vary',
        'x',
      ],
      ['Vary', 'x'],
    ],
  ])('%s', (_case, raw, want) => {
    expect(endToEndLines(raw)).toEqual(want)
  })

  test('names the caller sets itself go, in any case', () => {
    expect(
      endToEndLines(
        ['HOST', 'a', 'Content-Length', '3', 'Accept', '*/*'],
        new Set(['host', 'content-length']),
      ),
    ).toEqual(['Accept', '*/*'])
  })
})
