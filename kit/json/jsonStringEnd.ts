/**
 * The index just after the closing quote of the JSON string literal that opens at `start`, or the
 * text's end when it is cut short: what every scanner that skips strings without parsing reads.
 *
 * @example
 * jsonStringEnd('{"a\\"b":1}', 1) // 7
 */
export function jsonStringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 92 /* \ */) i++
    else if (c === 34 /* " */) return i + 1
  }
  return text.length
}

/**
 * The index of the first character at or after `from` that is not JSON whitespace.
 *
 * @example
 * jsonSpaceEnd('{"a" : 1}', 4) // 5
 */
export function jsonSpaceEnd(text: string, from: number): number {
  let i = from
  while (i < text.length && ' \t\r\n'.includes(text[i] as string)) i++
  return i
}
