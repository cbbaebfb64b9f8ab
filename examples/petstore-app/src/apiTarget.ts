/** Where the app sends its requests: `/v1` answered by MSW in the page, or a URL of a running server. */
export type ApiTarget = { mode: 'msw'; baseUrl: '/v1' } | { mode: 'http'; baseUrl: string }

/**
 * `?api=<url>` in the page address wins, then `VITE_PETSTORE_API_URL` at build time; without either
 * the app mocks the API in the browser.
 *
 * @example
 * apiTargetOf('?api=http://127.0.0.1:4010/v1', undefined) // { mode: 'http', baseUrl: 'http://127.0.0.1:4010/v1' }
 * apiTargetOf('', undefined) // { mode: 'msw', baseUrl: '/v1' }
 */
export function apiTargetOf(search: string, envUrl: string | undefined): ApiTarget {
  const url = new URLSearchParams(search).get('api') || envUrl
  return url ? { mode: 'http', baseUrl: url.replace(/\/+$/, '') } : { mode: 'msw', baseUrl: '/v1' }
}
