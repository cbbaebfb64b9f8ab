import rows from '../../fixtures/contract-bad-bodies.json' with { type: 'json' }
import { type Check, type Finding, finding, type Level } from '../Check.ts'
import { describeResponse } from './petsIn.ts'

/** One row of fixtures/contract-bad-bodies.json; `{{name}}` becomes a run-scoped pet name. */
export interface BadBody {
  name: string
  level: Level
  body: string
  why: string
}

export const BAD_BODIES = rows as BadBody[]

function badBodiesCheck(level: Level): Check {
  const selected = BAD_BODIES.filter((row) => row.level === level)
  return {
    name: level === 'required' ? 'bad_bodies_rejected' : 'malformed_bodies_rejected',
    level,
    description:
      level === 'required'
        ? 'createPet answers 400 to a body missing name or categoryId or holding invalid values (§4.2 rule 1).'
        : 'createPet answers 400 to malformed JSON, a non-object, an empty body or a client-chosen id (gaps the spec decides).',
    operations: ['createPet'],
    needs: ['write'],
    async run(context) {
      const findings: Finding[] = []
      for (const row of selected) {
        const body = row.body.replaceAll('{{name}}', context.petName(`bad-${row.name}`))
        // Prism never answers a body that is not JSON; such a row would only time out.
        if (!context.capabilities.has('malformed-json') && !isJson(body)) continue
        const exchange = await context.send({
          operation: 'createPet',
          method: 'POST',
          path: '/pets',
          body,
          kind: level === 'required' ? 'valid' : 'gap',
        })
        if (exchange.status !== 400)
          findings.push(
            finding(
              exchange,
              'createPet',
              `${describeResponse(exchange)} for ${row.name}`,
              `400 with an Error body: ${row.why}`,
            ),
          )
      }
      return { findings }
    },
  }
}

/** fixtures/contract-bad-bodies.json, rows the interface document decides. */
export const badBodiesRejected = badBodiesCheck('required')
/** fixtures/contract-bad-bodies.json, rows where the spec decides a gap. */
export const malformedBodiesRejected = badBodiesCheck('recommended')

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}
