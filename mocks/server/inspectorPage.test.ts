import { createHash } from 'node:crypto'
import { describe, expect, test } from '@jest/globals'
import { inspectorCsp, inspectorResponse } from './inspectorPage.ts'

const INSPECTOR_CSP = inspectorCsp()

const page = inspectorResponse('GET')
const html = page.text ?? ''

/** The CSP source for an inline block, as a browser computes it. */
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('the inspector page', () => {
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

  test('HEAD has the headers and no body; other methods are 405', () => {
    expect(inspectorResponse('HEAD')).toMatchObject({ status: 200 })
    expect(inspectorResponse('HEAD').text).toBeUndefined()
    expect(inspectorResponse('POST')).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD' } })
  })
})
