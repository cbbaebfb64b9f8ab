import type { Check } from './Check.ts'
import { dayOf } from './deprecationMarksTrue.ts'
import { judge } from './judge.ts'

/** §9.3, with the spec's headers: a deprecated operation says so on every response, with its sunset. */
export const deprecationSignals: Check = {
  name: 'deprecation_signals',
  level: 'recommended',
  because:
    '§9 deprecates getPet with a removal date but does not show how an answer signals it; RFC 9745 (Deprecation) and RFC 8594 (Sunset) are the standard headers.',
  description: () =>
    'getPet responses carry Deprecation (RFC 9745), Sunset (RFC 8594) at the spec’s x-sunset date, and a Link (§9.3).',
  operations: ['getPet'],
  needs: [],
  async run(context) {
    const sunsetDate = context.vocabulary.operations.get('getPet')?.['x-sunset']
    const exchange = await context.call('getPet', { petId: 1 })
    const problems: string[] = []
    const deprecation = exchange.headers.get('deprecation')
    const sunset = exchange.headers.get('sunset')
    if (!deprecation) problems.push('no Deprecation header')
    else if (!/^@-?\d+$/.test(deprecation) && deprecation !== 'true')
      problems.push(`Deprecation '${deprecation}' is not a structured date (@seconds)`)
    if (!sunset) problems.push('no Sunset header')
    else if (sunsetDate && dayOf(sunset) !== sunsetDate)
      problems.push(`Sunset '${sunset}' is not ${sunsetDate}`)
    if (!exchange.headers.get('link')) problems.push('no Link header to the replacement')
    return judge(
      exchange,
      'getPet',
      problems.length === 0,
      `Deprecation, Sunset (${sunsetDate}) and Link headers on a deprecated operation`,
      `${exchange.status} with ${problems.join('; ')}`,
    )
  },
}
