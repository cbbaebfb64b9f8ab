/**
 * A copy of `text` that holds no reference to a larger string. V8 makes `slice` of a long string a
 * view into it, so a 200-character excerpt of a 1 MiB body would keep the whole body alive for the
 * rest of the run; a JSON round trip builds a new flat string (lone surrogates survive it, escaped
 * and read back). Use it on whatever is kept after the body it came from should be dropped.
 *
 * @example
 * const kept = detached(body.slice(0, 512)) // body can now be collected
 */
export function detached(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string
}
