/**
 * How a stack assigns ids, each a scheme real services use:
 * - `sequence`: 1, 2, 3, ... (an auto-increment column);
 * - `snowflake`: 64-bit time-ordered ids (milliseconds since 2020 shifted left by 22 bits, a worker
 *   and a per-millisecond sequence): around 9.1e17 in 2026, increasing, with gaps, consecutive within
 *   a millisecond;
 * - `int64-ends`: ids at both ends of int64, alternately from -2^63 upwards and from 2^63 - 1
 *   downwards (a sharded key space).
 */
export type IdScheme = 'sequence' | 'snowflake' | 'int64-ends'

/**
 * The id generator of a scheme: each call gives the next id, as a bigint.
 *
 * @example
 * const nextId = idsOf('snowflake')
 * nextId() // 913714385753477100n
 */
export function idsOf(scheme: IdScheme): () => bigint {
  switch (scheme) {
    case 'sequence': {
      let next = 1n
      return () => next++
    }
    case 'snowflake':
      return snowflakes()
    case 'int64-ends': {
      let count = 0n
      return () => {
        const step = count++
        return step % 2n === 0n ? -(2n ** 63n) + step / 2n : 2n ** 63n - 1n - step / 2n
      }
    }
  }
}

/**
 * JSON.stringify's replacer that writes a bigint as its digits (JSON.rawJSON, Node 22+), as a
 * JavaScript service holding 64-bit ids must.
 *
 * @example
 * JSON.stringify({ id: 2n ** 63n - 1n }, writeBigint) // '{"id":9223372036854775807}'
 */
export function writeBigint(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? (JSON as unknown as RawJsonWriter).rawJSON(value.toString()) : value
}

interface RawJsonWriter {
  rawJSON(text: string): unknown
}

function snowflakes(): () => bigint {
  const epoch = 1_577_836_800_000n
  const worker = 5n
  let last = -1n
  let inMillisecond = 0n
  return () => {
    let now = BigInt(Date.now()) - epoch
    if (now > last) inMillisecond = 0n
    else if (++inMillisecond < 4096n) now = last
    else {
      // 4096 ids in one millisecond: take the next millisecond's first, as generators wait for it.
      now = last + 1n
      inMillisecond = 0n
    }
    last = now
    return (now << 22n) | (worker << 12n) | inMillisecond
  }
}
