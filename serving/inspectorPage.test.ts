import { createHash } from 'node:crypto'
import { describe, expect, test } from '@jest/globals'
import { inspectorPage } from './inspectorPage.ts'

const page = inspectorPage('mock')
const html = page.text ?? ''

/** The CSP source for an inline block, as a browser computes it. */
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe.each(['mock', 'proxy'] as const)("the %s's inspector page", (kind) => {
  const page = inspectorPage(kind)
  const html = page.text ?? ''
  const INSPECTOR_CSP = page.headers['content-security-policy'] ?? ''

  test('is HTML with a CSP that allows only its own inline script and style', () => {
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['content-security-policy']).toBe(INSPECTOR_CSP)
    expect(INSPECTOR_CSP).toMatch(/default-src 'none'/)
    const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? ''
    const style = /<style>([\s\S]*)<\/style>/.exec(html)?.[1] ?? ''
    expect(INSPECTOR_CSP).toContain(`script-src ${hashOf(script)}`)
    expect(INSPECTOR_CSP).toContain(`style-src ${hashOf(style)}`)
  })

  test('loads nothing from anywhere: no src or url(); its only hrefs are links to the mock itself', () => {
    expect(html).not.toMatch(/\ssrc=/i)
    expect(html).not.toMatch(/<link/i)
    const hrefs = [...html.matchAll(/\shref="([^"]*)"/gi)].map((match) => match[1])
    expect(hrefs.length).toBeGreaterThan(0)
    for (const href of hrefs) expect(href).toMatch(/^\/__mock\/[\w./-]*$/)
    expect(html).not.toMatch(/url\(/i)
    expect(html).not.toMatch(/@import/i)
  })

  test('never writes HTML from data: the script has no innerHTML, outerHTML, insertAdjacentHTML or document.write', () => {
    expect(html).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/)
  })
})

describe('one page, two servers', () => {
  test('the same script draws both: the proxy has room for violations, the mock for pets', () => {
    const script = (kind: 'mock' | 'proxy') =>
      /<script>([\s\S]*)<\/script>/.exec(inspectorPage(kind).text ?? '')?.[1]
    expect(script('mock')).toBe(script('proxy'))
    expect(inspectorPage('proxy').text).toContain('id="violations"')
    expect(inspectorPage('proxy').text).not.toContain('id="pets"')
    expect(html).toContain('id="pets"')
    expect(html).not.toContain('id="violations"')
  })
})
