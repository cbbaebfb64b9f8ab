/**
 * Thrown by a check (or anything it calls) when its precondition failed, so the rule cannot be
 * judged: every create got a 500, so a round trip cannot be; the store holds too few pets for a
 * limit to show. The runner reports the check as skipped with the reason, never as a pass. For
 * one operation of a check, return it in `CheckOutcome.skipped` instead.
 *
 * @example
 * if (created.length === 0) throw new NotJudged('no create succeeded, so ids cannot be compared')
 */
export class NotJudged extends Error {
  override name = 'NotJudged'
}
