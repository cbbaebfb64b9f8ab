import { sameJson } from './sameJson.ts'

/**
 * Whether a field a server answered holds the value a client sent, both read exactly (`exactJson`).
 * A plain integer literal is read exactly, so it must come back exactly. A literal in another
 * spelling (`1e3`, `-9.007199254740993e15`) beyond 2^53 is read as its double, and RFC 8259 §6 lets
 * a server read it either way: its exact integer, or that double; both are accepted, each being an
 * integer that rounds to the double read.
 *
 * @example
 * keptAsSent(9007199254740993n, 9007199254740993n) // true
 * keptAsSent(9007199254740992, 9007199254740993n) // false: a plain literal, rounded
 * keptAsSent(-9007199254740993n, -9007199254740992) // true: the exact value of -9.007199254740993e15
 */
export function keptAsSent(received: unknown, sent: unknown): boolean {
  // An unsafe integer that is a number, not a bigint, came from a spelling the exact view leaves a double.
  if (typeof sent === 'number' && Number.isInteger(sent) && !Number.isSafeInteger(sent))
    return (typeof received === 'number' || typeof received === 'bigint') && Number(received) === sent
  return sameJson(received, sent)
}
