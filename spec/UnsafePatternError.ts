/**
 * A spec `pattern` that the linear-time engine cannot run exactly as ECMAScript would, or that breaks
 * a bound of SPEC_LIMITS, with the construct and the reason.
 *
 * @example
 * throw new UnsafePatternError('pattern "(a)\\\\1" cannot run on the linear-time engine: a backreference \\\\1 …')
 */
export class UnsafePatternError extends Error {
  override name = 'UnsafePatternError'
}
