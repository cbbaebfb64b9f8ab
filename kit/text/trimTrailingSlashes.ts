/**
 * A base URL or path without its trailing slashes. A loop, not `/\/+$/`: that pattern retries from
 * every slash of a long run and costs quadratic time (scripts/regexSafety.test.ts).
 *
 * @example
 * trimTrailingSlashes('http://127.0.0.1:4010/v1//') // 'http://127.0.0.1:4010/v1'
 */
export function trimTrailingSlashes(text: string): string {
  let end = text.length
  while (end > 0 && text.charCodeAt(end - 1) === 47) end--
  return text.slice(0, end)
}
