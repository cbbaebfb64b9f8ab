import { jsonSpaceEnd, jsonStringEnd } from './jsonStringEnd.ts'

const QUOTE = 34
const COLON = 58

/**
 * The first name that a JSON object holds twice at its top level, or undefined. `JSON.parse` keeps
 * the last value silently, so `{"name":"a","name":"b"}` would be stored as `b` while another reader
 * (a proxy, a log viewer) may see `a`. Call it only on text `JSON.parse` accepted as an object.
 *
 * @example
 * findDuplicateKey('{"name":"a","name":"b","categoryId":1}') // 'name'
 * findDuplicateKey('{"name":"a","x":{"name":"b"}}') // undefined (nested objects are not the body's fields)
 */
export function findDuplicateKey(json: string): string | undefined {
  const seen = new Set<string>()
  let depth = 0
  let i = 0
  while (i < json.length) {
    const c = json.charCodeAt(i)
    if (c === QUOTE) {
      const end = jsonStringEnd(json, i)
      if (depth === 1 && json.charCodeAt(jsonSpaceEnd(json, end)) === COLON) {
        const raw = json.slice(i, end)
        // Escapes can spell the same name differently ("na\u006de" is "name").
        const key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1)
        if (seen.has(key)) return key
        seen.add(key)
      }
      i = end
      continue
    }
    if (c === 123 || c === 91) depth++
    else if (c === 125 || c === 93) depth--
    i++
  }
  return undefined
}
