import type { Check } from './Check.ts'
import { finding } from './Check.ts'
import { excerpt } from './describeResponse.ts'
import { sendViolations } from './parameterViolations.ts'

/**
 * A 4xx to a parameter the spec's schema forbids names that parameter in its message, so the
 * person reading it knows what to fix (`limit must be <= 100`, not `must be <= 100`). Judged on the
 * answers `parameter_violations_handled` already provoked: no request of its own. Recommended:
 * §7 calls `message` a "Human-readable description" and says nothing of what it holds.
 */
export const parameterErrorsNamed: Check = {
  name: 'parameter_errors_named',
  level: 'recommended',
  because: '§7 calls message a human-readable description; what it says is not shown.',
  description: () => 'A 4xx Error to a parameter value the spec forbids names the parameter in its message.',
  operations: ['listPets', 'getPet'],
  needs: [],
  async run(context) {
    const findings = (await sendViolations(context))
      .filter(({ exchange }) => exchange.status >= 400 && exchange.status < 500)
      .filter(({ violation, exchange }) => {
        const message = (exchange.json as { message?: unknown } | undefined)?.message
        return typeof message === 'string' && !message.includes(violation.parameter)
      })
      .map(({ violation, exchange }) =>
        finding(
          exchange,
          violation.operation,
          `${exchange.status} for ${violation.label} with ${excerpt(exchange.text, 200)}`,
          `an Error message that names ${violation.parameter}`,
        ),
      )
    return { findings }
  },
}
