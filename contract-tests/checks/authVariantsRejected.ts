import { plural } from '../../kit/text/plural.ts'
import { SKIP_REASONS } from '../base/capabilitiesOf.ts'
import type { CallParameters } from '../http/callRequest.ts'
import { inPool } from '../http/inPool.ts'
import { petIdOf } from '../json/petIdOf.ts'
import { type AuthVariant, authVariants } from '../negative/authVariants.ts'
import { type Check, type CheckOutcome, finding, type OperationName } from './Check.ts'
import { describeResponse, petsIn } from './describeResponse.ts'

/** One request of the check: an operation, its parameters, and a body of its own (a create's is made per variant). */
interface Probe {
  operation: OperationName
  parameters?: CallParameters
  body?: string
}

/** Whether a variant sends two Authorization field lines (RFC 9110 leaves the receiver's reading open). */
const twoLines = (variant: AuthVariant) => variant.lines.length >= 2

/**
 * §5.3: each credential derived as invalid from the key and the spec's scheme (negative/authVariants.ts)
 * in one Authorization field line (or none) gets 401 on every operation: listPets, createPet with a
 * valid body, getPet of an existing pet; without a key, bad input too. A createPet that wrongly
 * succeeds has created a pet; the finding counts them.
 */
export const authVariantsRejected: Check = {
  name: 'auth_variants_rejected',
  level: 'required',
  description: () =>
    'Every invalid credential derived from the key and the bearer scheme, in one Authorization header or none (empty token, other schemes, bare key, prefix, suffix, truncated, other case, inner space, the key in another header or the query), gets 401 on every operation, bad input included (§5.3).',
  operations: ['listPets', 'createPet', 'getPet'],
  needs: ['auth'],
  run: (context) => rejectVariants(context, (variant) => !twoLines(variant), true),
}

/**
 * A valid Authorization header next to a second, wrong one. RFC 9110 §5.3 forbids sending two
 * but leaves the receiver's reading open, and the document does not decide it: Node's http (so
 * Express, Fastify), Go, Java servlets and Python take the first field line. 401 is safer, so recommended.
 */
export const duplicateAuthorizationRejected: Check = {
  name: 'duplicate_authorization_rejected',
  level: 'recommended',
  because:
    'RFC 9110 forbids sending two Authorization headers but leaves the receiver its choice, and the document does not decide it; 401 is the safer answer.',
  description: () =>
    'A request with two Authorization headers, the valid key in one and a wrong key in the other (both orders), gets 401: RFC 9110 forbids sending two but leaves the receiver its choice, so only recommended.',
  operations: ['listPets', 'createPet', 'getPet'],
  needs: ['auth'],
  async run(context) {
    // `prism proxy` forwards only the first of two Authorization headers, so the implementation behind
    // it never sees the second: these variants would judge Prism, not the implementation.
    if (!context.capabilities.has('own-auth-errors')) {
      const reason = SKIP_REASONS['own-auth-errors']
      return { findings: [], skipped: { listPets: reason, createPet: reason, getPet: reason } }
    }
    return rejectVariants(context, twoLines, false)
  },
}

async function rejectVariants(
  context: Parameters<Check['run']>[0],
  select: (variant: AuthVariant) => boolean,
  withBadInput: boolean,
): Promise<CheckOutcome> {
  const scheme = Object.values(context.document.components.securitySchemes)[0]?.scheme ?? 'bearer'
  const behindProxy = !context.capabilities.has('own-auth-errors')
  const variants = authVariants(context.apiKey, scheme).filter(
    (v) => select(v) && (!behindProxy || !twoLines(v)),
  )
  // Behind `prism proxy`, Prism refuses some of these itself: its 401 counts here, but its body is not the implementation's.
  const notJudged = context.capabilities.has('own-auth-errors') ? undefined : SKIP_REASONS['own-auth-errors']
  const existing = [...(context.census?.pets.keys() ?? [])][0] ?? (await anyPetId(context)) ?? '1'
  const probes: Probe[] = [
    { operation: 'listPets' },
    { operation: 'getPet', parameters: { petId: existing } },
  ]
  const outcome: CheckOutcome = { findings: [] }
  if (context.capabilities.has('write')) probes.push({ operation: 'createPet' })
  else outcome.skipped = { createPet: 'read-only run: a server that let a bad key in would create a pet' }
  const cases = variants.flatMap((variant) => probes.map((probe) => ({ variant, probe })))
  // Without a key, bad input too gets 401 (§5.3 sets no exception): a server that validates first answers 400.
  const missing = variants.find((variant) => variant.lines.length === 0 && !variant.headers && !variant.query)
  const badInput: Probe[] = [
    // A limit below the minimum and a status no pet has.
    {
      operation: 'listPets',
      parameters: { limit: context.vocabulary.limit.minimum - 1, status: 'not-a-status' },
    },
    { operation: 'getPet', parameters: { petId: 'not-an-id' } },
    // A valid id no pet has: a server that looks the pet up before the key answers 404.
    { operation: 'getPet', parameters: { petId: Number.MAX_SAFE_INTEGER } },
    ...(context.capabilities.has('write')
      ? [{ operation: 'createPet', body: '{"categoryId":"x"}' } as const]
      : []),
  ]
  if (missing && withBadInput)
    cases.push(
      ...badInput.map((probe) => ({
        variant: { ...missing, label: `${missing.label}, with bad input` },
        probe,
      })),
    )
  const answers = await inPool(cases, 8, ({ variant, probe }) =>
    context.call(probe.operation, probe.parameters, {
      // The key in the query is sent as a form would encode it, after the probe's own parameters.
      ...(variant.query && { rawQuery: String(new URLSearchParams(variant.query)) }),
      // A create without a body of its own sends a valid one: a server that let the key in stores a pet.
      ...((probe.body !== undefined || probe.operation === 'createPet') && {
        body: probe.body ?? JSON.stringify({ name: context.petName('auth'), categoryId: 1 }),
      }),
      authorization: variant.lines,
      ...(variant.headers && { headers: variant.headers }),
      notJudged,
    }),
  )
  const wronglyCreated = answers.filter(
    (a) => a.request.operation === 'createPet' && a.status >= 200 && a.status < 300,
  )
  for (const [i, exchange] of answers.entries()) {
    const { variant, probe } = cases[i] as (typeof cases)[number]
    if (exchange.status === 401) continue
    const created =
      probe.operation === 'createPet' && wronglyCreated.includes(exchange)
        ? ` (${plural(wronglyCreated.length, 'pet')} created with invalid credentials in this run)`
        : ''
    outcome.findings.push(
      finding(
        exchange,
        probe.operation,
        `${describeResponse(exchange)} for ${variant.label}${created}`,
        `401 with an Error body: ${variant.label} is not a valid credential (§5.3)`,
      ),
    )
  }
  return outcome
}

async function anyPetId(context: Parameters<Check['run']>[0]): Promise<string | undefined> {
  const listed = await context.call('listPets', { limit: context.vocabulary.limit.minimum })
  return petIdOf(petsIn(listed)?.[0])
}
