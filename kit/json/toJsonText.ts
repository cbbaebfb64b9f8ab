/**
 * JSON text for a value that may hold bigints, written as exact integer literals (Node 24's
 * `JSON.rawJSON`), so a request can carry an int64 beyond 2^53 exactly as generated. DEL, the C1
 * controls and the line/paragraph separators are written as `\u` escapes (the same JSON), so the
 * text can be printed in a report or a shell script without reaching a terminal raw.
 *
 * @example
 * toJsonText({ name: 'Rex', categoryId: 9223372036854775807n }) // '{"name":"Rex","categoryId":9223372036854775807}'
 */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? rawJson(item.toString()) : item,
  ).replace(/[\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

// Not yet in TypeScript's lib; present in Node 24 (V8 11.4+).
const rawJson = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON
