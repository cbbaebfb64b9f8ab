import { expect, test } from '@jest/globals'
import { escapeHtml } from './escapeHtml.ts'

test.each([
  ['<script>alert(1)</script>', '&#60;script&#62;alert(1)&#60;/script&#62;'],
  [`"' onmouseover=x`, '&#34;&#39; onmouseover=x'],
  ['&amp;', '&#38;amp;'],
  ['plain', 'plain'],
])('escapeHtml(%j)', (given, want) => {
  expect(escapeHtml(given)).toBe(want)
})
