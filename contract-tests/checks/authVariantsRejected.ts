import { setTimeout as sleep } from 'node:timers/promises'
import { plural } from '../../kit/text/plural.ts'
import { trimTrailingSlashes } from '../../kit/text/trimTrailingSlashes.ts'
import { SKIP_REASONS } from '../base/capabilitiesOf.ts'
import { type CallParameters, callRequest } from '../http/callRequest.ts'
import { type Exchange, WRONG_KEY } from '../http/exchange.ts'
import { inPool } from '../http/inPool.ts'
import { targetNearMisses } from '../json/nearMisses.ts'
import { type AuthVariant, authVariants } from '../negative/authVariants.ts'
import { bodyText, bodyViolations } from '../negative/bodyViolations.ts'
import { oncePer } from '../negative/oncePer.ts'
import { parameterViolations } from '../negative/parameterViolations.ts'
import { malformedBodies, newPetSchema } from './badBodies.ts'
import type { Check, CheckContext, CheckOutcome, OperationName } from './Check.ts'
import { finding } from './Check.ts'
import { describeResponse } from './describeResponse.ts'

/** Edits of the key drawn beyond those always sent: a run sends about 400 distinct near-miss credentials. */
const DRAWN = 240
/** A near miss goes out once the rest of the run has sent EVERY requests per near miss sent, CHAINS at a time. */
const EVERY = 2
const CHAINS = 8
/** Pets near-miss creates may store (a server that lets them in); the near misses left go on listPets. */
const MAX_WRONGLY_CREATED = 3

/** A request with a credential that is not the key, and the bad input it carries besides. */
interface Probe {
  operation: OperationName
  parameters?: CallParameters
  body?: string
  rawQuery?: string
  input?: string
  variant: AuthVariant
  /** A target near the operation's (targetNearMisses), sent instead of it: any answer but a 2xx will do. */
  target?: string
}

const twoLines = (variant: AuthVariant) => variant.lines.length >= 2

/** The near misses of the run's key and the document's scheme (`bearer`), `drawn` more from the run's seed. */
function variantsOf({ apiKey, document, generation }: CheckContext, drawn = 0): AuthVariant[] {
  const scheme = Object.values(document.components.securitySchemes)[0]?.scheme ?? 'bearer'
  return authVariants(apiKey, scheme, generation.seed, drawn)
}

/** listPets, getPet of `petId`, and createPet when the run may write, each with `variant`. */
function onEveryOperation(context: CheckContext, variant: AuthVariant, petId: string | number): Probe[] {
  const creates = context.capabilities.has('write') ? (['createPet'] as const) : []
  return (['listPets', 'getPet', ...creates] as const).map((operation) =>
    operation === 'getPet' ? { operation, parameters: { petId }, variant } : { operation, variant },
  )
}

/** Sends a probe; behind `prism proxy`, which refuses some of these itself, its body is not judged. */
function send(context: CheckContext, { operation, parameters, body, rawQuery, variant, target }: Probe) {
  // Not the operation's target: a server may route it there or not, so no rule but this check's judges it.
  if (target)
    return context.send({ method: 'GET', path: target, auth: 'none', notJudged: 'a near miss of the target' })
  const query = [rawQuery, variant.query && String(new URLSearchParams(variant.query))].filter(Boolean)
  return context.call(operation, parameters, {
    ...(query.length > 0 && { rawQuery: query.join('&') }),
    // A server that lets the key in stores the valid body's pet.
    ...(operation === 'createPet' && {
      body: body ?? JSON.stringify({ name: context.petName('auth'), categoryId: 1 }),
    }),
    authorization: variant.lines,
    ...(variant.headers && { headers: variant.headers }),
    ...(!context.capabilities.has('own-auth-errors') && { notJudged: SKIP_REASONS['own-auth-errors'] }),
  })
}

/**
 * Every near-miss request of a run (negative/authVariants.ts): each credential on every operation,
 * or on one for an edit at a position or drawn; every bad input the negatives generate, without a
 * key or with a near miss; targets near an operation's without a key. Behind `prism proxy` no
 * two-line variant: it forwards the first line only.
 */
function probesOf(context: CheckContext): Probe[] {
  const { seed } = context.generation
  const proxied = !context.capabilities.has('own-auth-errors')
  const variants = variantsOf(context, DRAWN).filter(
    (v) => v.reading !== 'valid' && !(proxied && twoLines(v)),
  )
  // A pet the census saw: a server that ignores the key on getPet answers it.
  const petId = [...(context.census?.pets.keys() ?? [])][0] ?? '1'
  const probes = variants.flatMap((variant, i) => {
    const all = onEveryOperation(context, variant, petId)
    return variant.oneOperation ? [all[i % all.length] as Probe] : all
  })
  const markers = { text: () => context.petName('bad-input'), integer: () => 7 }
  const bodies = [
    ...bodyViolations(newPetSchema(context), markers, seed).map((v) => ({
      input: v.label,
      body: bodyText(v.body),
    })),
    ...malformedBodies(context),
  ]
  const bad: Array<Omit<Probe, 'variant'>> = [
    ...parameterViolations(context.vocabulary.operations.values(), seed).map((v) => ({
      operation: v.operation,
      parameters: v.parameters,
      input: v.label,
      ...(v.repeated !== undefined && { rawQuery: `${v.parameter}=${encodeURIComponent(v.repeated)}` }),
    })),
    // A valid id no pet has: a server that looks the pet up before the key answers 404.
    { operation: 'getPet', parameters: { petId: Number.MAX_SAFE_INTEGER }, input: 'an id no pet has' },
    ...(context.capabilities.has('write')
      ? bodies.map((b) => ({ operation: 'createPet' as const, ...b }))
      : []),
  ]
  const [missing] = variants
  const nearMisses = variants.filter((v) => v.oneOperation)
  return [
    ...probes.filter((probe) => !probe.variant.oneOperation),
    // Without a key, bad input too gets 401 (§5.3 sets no exception): a server that parses or validates first answers 400.
    ...bad.map((input, i) => ({
      ...input,
      variant: (i % 2 && nearMisses[i % nearMisses.length]) || missing,
    })),
    ...probes.filter((probe) => probe.variant.oneOperation),
    // Without a key, a target near an operation's is no way in: routed to the operation, it needs the key.
    ...onEveryOperation(context, missing as AuthVariant, petId)
      .filter((probe) => probe.operation !== 'createPet')
      .flatMap((probe) => {
        const path = callRequest(context.vocabulary.operations, probe.operation, probe.parameters).path
        const basePath = trimTrailingSlashes(URL.parse(context.baseUrl)?.pathname ?? '')
        return targetNearMisses(basePath, path).map(({ text, label }) => ({
          ...probe,
          target: text,
          input: `${label} (${text})`,
        }))
      }),
  ] as Probe[]
}

/**
 * Sends a run's near misses alongside the rest of it, never in one burst, a steady share of its
 * traffic (a staging that limits rates sees them spread; `send` honours its 429 and Retry-After).
 * The function it gives sends what is left at once and gives every answer. Started by
 * wrong_key_rejected; judged by auth_variants_rejected and ambiguous_credentials_rejected.
 */
export const nearMissesAlongTheRun = oncePer(async (context: CheckContext) => {
  const probes = probesOf(context)
  const answers: Array<Exchange | undefined> = []
  const start = context.exchanges.length
  let [sent, answered, created, rushing] = [0, 0, 0, false]
  const due = () => rushing || context.exchanges.length - start - answered >= EVERY * sent
  const chain = async () => {
    while (sent < probes.length) {
      // Unref'd: a run that ends before the judges' turn leaves nothing waiting.
      if (!due()) await sleep(5, undefined, { ref: false })
      if (!due() || sent >= probes.length) continue
      const index = sent++
      let probe = probes[index] as Probe
      // Past the pets it may create, a near miss of the key still goes out, on a read; a bad body does not.
      if (probe.operation === 'createPet' && created >= MAX_WRONGLY_CREATED) {
        if (probe.input) continue
        probe = probes[index] = { ...probe, operation: 'listPets' }
      }
      const exchange = await send(context, probe)
      answered++
      answers[index] = exchange
      if (probe.operation === 'createPet' && exchange.status >= 200 && exchange.status < 300) created++
    }
  }
  const all = Promise.all(Array.from({ length: CHAINS }, chain)).then(
    (): Sent => ({ probes, answers, created }),
  )
  all.catch(() => undefined)
  return () => {
    rushing = true
    // The chains may all be waiting on unref'd timers: something must hold the event loop until they wake.
    const awake = setInterval(() => undefined, 5)
    return all.finally(() => clearInterval(awake))
  }
})

/** Requests sent and their answers (none for a create not sent), with the pets wrongly created. */
type Sent = { probes: Probe[]; answers: Array<Exchange | undefined>; created?: number }

/** The findings of the answers `select` keeps: not 401 (429, 503: not judged), or a HEAD first answered 2xx (RFC 9110 §9.3.2). */
function rejected({ probes, answers, created = 0 }: Sent, select: typeof twoLines): CheckOutcome {
  const findings = probes.flatMap(({ operation, variant, input, target }, i) => {
    const exchange = answers[i]
    const open = target ? exchange && exchange.status >= 200 && exchange.status < 300 : true
    const head = exchange?.unlike?.form === 'HEAD' && /^2\d\d /.test(exchange.unlike.answer)
    const refused = [401, 429, 503].includes(exchange?.status ?? 0) && !head
    if (!exchange || !open || !select(variant) || refused) return []
    const stored = operation === 'createPet' && created > 0 ? ` (${plural(created, 'pet')} created so)` : ''
    const answer = head ? `${exchange.unlike?.answer} to a HEAD` : describeResponse(exchange)
    const received = `${answer} for ${variant.label}${input ? `, with ${input}` : ''}${stored}`
    const documented = target
      ? 'no 2xx without a key: routed to the operation, the target needs the key (§5.1)'
      : `401 with an Error body: ${variant.label} is no valid credential (§5.3)`
    return [finding(exchange, operation, received, documented)]
  })
  const readOnly = { createPet: 'read-only run: a server that let a bad key in would create a pet' }
  return { findings, ...(!probes.some((p) => p.operation === 'createPet') && { skipped: readOnly }) }
}

/** A required check that sends `variant` on every operation, one after another (§5: no operation is open). */
function keyRejected(name: string, variant: AuthVariant, description: string, needs: Check['needs']): Check {
  return {
    name,
    level: 'required',
    description: () => description,
    operations: ['listPets', 'createPet', 'getPet'],
    needs,
    async run(context) {
      // The near misses start with the first wrong key and go on alongside the whole run.
      if (variant.lines.length > 0 && context.capabilities.has('auth'))
        nearMissesAlongTheRun(context).catch(() => undefined)
      const probes = onEveryOperation(context, variant, 1)
      return rejected(
        { probes, answers: await inPool(probes, 1, (probe) => send(context, probe)) },
        () => true,
      )
    },
  }
}

/** §5.3, §5.4: no operation is open; a request without a key gets 401 on every operation. */
export const missingKeyRejected = keyRejected(
  'missing_key_rejected',
  { label: 'no Authorization header', lines: [] },
  'Every operation answers 401 when the Authorization header is missing (§5.3, §5.4).',
  [],
)

/** §5.3: an invalid key is refused like a missing one, on every operation. */
const wrong = `Bearer ${WRONG_KEY}`
export const wrongKeyRejected = keyRejected(
  'wrong_key_rejected',
  { label: 'a wrong key', lines: [{ value: wrong, shown: `"authorization: ${wrong}"` }] },
  'Every operation answers 401 when the bearer key is not one the service issued (§5.3).',
  ['auth'],
)

/** A check that judges the near misses `select` keeps, once every one is answered. */
const judged =
  (select: (variant: AuthVariant) => boolean): Check['run'] =>
  async (context) =>
    rejected(await (await nearMissesAlongTheRun(context))(), select)

/**
 * §5.3: every credential near the key (about 400 a run, sent alongside all of it) in one
 * Authorization field line or none gets 401 on every operation, with bad input of every kind too.
 */
export const authVariantsRejected: Check = {
  name: 'auth_variants_rejected',
  level: 'required',
  description: () =>
    "Every credential near the key, derived by edits and drawn from the seed (about 400 a run, sent alongside the whole run: a character inserted, deleted or replaced at every position, cut, doubled, in other cases, non-ASCII look-alikes and invisible characters; the scheme and its separator edited, extra words; no header, other schemes, the bare key, the key in another header or the query), gets 401 on every operation, with bad input of every kind too (§5.3); and no key on a target near an operation's (a trailing slash, a segment in other case, after a doubled slash or percent-encoded) gets no 2xx (§5.1).",
  operations: ['listPets', 'createPet', 'getPet'],
  needs: ['auth'],
  run: judged((variant) => !twoLines(variant) && !variant.reading),
}

/**
 * What RFC 9110 leaves a receiver to read its own way: two lines (§5.3; Node, Go, Java servlets and
 * Python read the first), the key in other white space (RFC 9110 section 2.2 lets it recover it, as Python's `split()` does).
 */
export const ambiguousCredentialsRejected: Check = {
  name: 'ambiguous_credentials_rejected',
  level: 'recommended',
  because:
    'RFC 9110 leaves the receiver its reading of two Authorization headers, and lets it recover the key from white space around it; the document decides neither. 401 is the careful answer.',
  description: () =>
    'A request with two Authorization headers, the valid key in one and a wrong key in the other (both orders), or with the key padded by other white space than one SP (HTAB, U+00A0, U+0085), gets 401: RFC 9110 leaves the receiver its reading, so only recommended.',
  operations: ['listPets', 'createPet', 'getPet'],
  // `prism proxy` forwards only the first of two Authorization headers: these would judge Prism.
  needs: ['auth', 'own-auth-errors'],
  run: judged((variant) => twoLines(variant) || variant.reading === 'lenient'),
}

/**
 * The valid key in the other spellings HTTP allows (the edits of negative/authVariants.ts a correct
 * server reads as valid; RFC 6750 §2.1: `"Bearer" 1*SP b64token`): a client library may send any.
 */
export const bearerSpellingsAccepted: Check = {
  name: 'bearer_spellings_accepted',
  level: 'recommended',
  because:
    '§5.2 shows only `Authorization: Bearer <API_KEY>`; the other spellings are RFC 9110’s and RFC 6750’s.',
  description: () =>
    'The valid key with the scheme in another case, more spaces before it, or white space around the line, is accepted (RFC 9110 §11.1, RFC 6750 §2.1).',
  operations: ['listPets'],
  needs: ['auth', 'own-auth-errors'],
  async run(context) {
    const spellings = variantsOf(context).filter((v) => v.reading === 'valid')
    const limit = context.vocabulary.limit.minimum
    const answers = await inPool(spellings, 2, ({ lines }) =>
      context.call('listPets', { limit }, { authorization: lines }),
    )
    const findings = answers.flatMap((exchange, i) => {
      const spelling = `${spellings[i]?.label}, still the valid key`
      const received = `${describeResponse(exchange)} for ${spelling}`
      return exchange.status === 200 ? [] : [finding(exchange, 'listPets', received, `200: ${spelling}`)]
    })
    return { findings }
  },
}
