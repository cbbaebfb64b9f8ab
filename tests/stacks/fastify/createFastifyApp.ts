import { Ajv } from 'ajv'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { type IdScheme, idsOf, writeBigint } from '../idsOf.ts'

/**
 * The faults a Fastify service really ships with, one at a time:
 * - `default-ajv-coercion`: Fastify's default Ajv (`coerceTypes: 'array'`) validates the body too,
 *   so `"categoryId": "5"` is stored as 5 and `"name": 123` as "123";
 * - `default-error-body`: no error handler, so validation errors go out in Fastify's own shape
 *   `{statusCode, code, error, message}` (no `status`);
 * - `auth-in-preHandler`: the key is checked in a preHandler hook, which Fastify runs after
 *   validation: a request without a key but with a bad query gets 400, not 401;
 * - `lookahead-drops-last`: the list reads `limit + 1` rows to learn whether a next page exists and
 *   always drops the last one, so a page that is not full lacks its newest pet;
 * - `name-controls-stripped`: a preValidation hook strips C0 control characters (U+0000 to U+001F)
 *   and DEL from names, to keep them out of logs, yet the create answers 201;
 * - `response-schema-drops-status`: the routes declare a response schema that forgot `status`, and
 *   Fastify's serializer (fast-json-stringify) silently leaves out every property a schema lacks.
 */
export type FastifyFault =
  | 'default-ajv-coercion'
  | 'default-error-body'
  | 'auth-in-preHandler'
  | 'lookahead-drops-last'
  | 'name-controls-stripped'
  | 'response-schema-drops-status'

export interface FastifyOptions {
  apiKey: string
  fault?: FastifyFault | undefined
  ids?: IdScheme | undefined
}

const STATUSES = ['available', 'pending', 'sold']
const SAFE = Number.MAX_SAFE_INTEGER

const newPet = {
  type: 'object',
  required: ['name', 'categoryId'],
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    categoryId: { type: 'integer', minimum: -SAFE, maximum: SAFE },
    status: { type: 'string', enum: STATUSES },
  },
} as const

/** The Pet a team declared as the routes' response schema, `status` forgotten. */
const petWithoutStatus = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, categoryId: { type: 'integer' } },
} as const
const withoutStatus = (fault: FastifyFault | undefined, status: number, schema: object) =>
  fault === 'response-schema-drops-status' ? { [status]: schema } : undefined

/**
 * A Pet Store as a Fastify 5 team writes it: JSON schemas on every route, validated by Fastify's
 * Ajv with its default coercion for the query and path (strings on the wire), a strict Ajv for the
 * body, auth in an onRequest hook, one error handler writing the Error body. Its free choices where
 * the document is silent: a limit outside 1..100 or an unknown status is a 400 from the schema, a
 * petId that is not an integer too, extra body fields (a client `id` included) are dropped
 * (`removeAdditional`), a pet created without status has none, a categoryId beyond 2^53 is refused.
 * Ids are bigints (`ids` chooses the scheme): the reply serializer writes them exactly, and petId is
 * matched as digits and read with BigInt, since Ajv's integer coercion would round a 64-bit id.
 */
export function createFastifyApp({ apiKey, fault, ids = 'sequence' }: FastifyOptions): FastifyInstance {
  const app = Fastify()
  const pets = new Map<bigint, Record<string, unknown>>()
  const nextId = idsOf(ids)
  // A route's response schema is serialized by fast-json-stringify (bigints included) only where no
  // reply serializer is set for the whole app, so the fault's team, which declared one, set none.
  if (fault !== 'response-schema-drops-status')
    app.setReplySerializer((payload) => JSON.stringify(payload, writeBigint))

  if (fault !== 'default-ajv-coercion') {
    // Fastify's defaults for the query and path, where every value arrives as a string; none for the body.
    const coercing = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: true })
    const strict = new Ajv({ coerceTypes: false, useDefaults: true, removeAdditional: true })
    app.setValidatorCompiler(({ schema, httpPart }) =>
      (httpPart === 'body' ? strict : coercing).compile(schema),
    )
  }
  if (fault !== 'default-error-body')
    app.setErrorHandler(
      (
        error: {
          statusCode?: number
          code?: string
          validation?: unknown
          validationContext?: string
          message: string
        },
        _request,
        reply,
      ) => {
        const status = error.statusCode ?? 500
        const code = error.validation ? `invalid_${error.validationContext}` : (error.code ?? 'error')
        reply.code(status).send({ code, message: error.message, status })
      },
    )
  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send({ code: 'not_found', message: `no route ${request.method} ${request.url}`, status: 404 })
  })

  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const [scheme, token, ...rest] = (request.headers.authorization ?? '').split(' ')
    if (scheme?.toLowerCase() === 'bearer' && token === apiKey && rest.length === 0) return
    await reply
      .code(401)
      .header('www-authenticate', 'Bearer')
      .send({ code: 'unauthorized', message: 'missing or invalid API key', status: 401 })
  }
  app.addHook(fault === 'auth-in-preHandler' ? 'preHandler' : 'onRequest', authenticate)

  app.register(
    async (v1) => {
      v1.get<{ Querystring: { limit: number; status?: string } }>(
        '/pets',
        {
          schema: {
            querystring: {
              type: 'object',
              properties: {
                limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
                status: { type: 'string', enum: STATUSES },
              },
            },
            response: withoutStatus(fault, 200, { type: 'array', items: petWithoutStatus }),
          },
        },
        async (request) => {
          const { limit, status } = request.query
          const rows = [...pets.values()]
            .filter((pet) => status === undefined || pet.status === status)
            .slice(0, limit + 1)
          return fault === 'lookahead-drops-last' || rows.length > limit ? rows.slice(0, -1) : rows
        },
      )
      v1.post<{ Body: Record<string, unknown> }>(
        '/pets',
        {
          schema: { body: newPet, response: withoutStatus(fault, 201, petWithoutStatus) },
          preValidation: async (request) => {
            const body = request.body as { name?: unknown } | null
            if (fault === 'name-controls-stripped' && typeof body?.name === 'string')
              body.name = [...body.name].filter((char) => !/\p{Cc}/u.test(char) || char > '\u007f').join('')
          },
        },
        async (request, reply) => {
          const pet = { id: nextId(), ...request.body }
          pets.set(pet.id, pet)
          return reply.code(201).header('location', `/v1/pets/${pet.id}`).send(pet)
        },
      )
      v1.get<{ Params: { petId: string } }>(
        '/pets/:petId',
        {
          schema: {
            params: { type: 'object', properties: { petId: { type: 'string', pattern: '^-?[0-9]{1,19}$' } } },
            response: withoutStatus(fault, 200, petWithoutStatus),
          },
        },
        async (request, reply) => {
          const pet = pets.get(BigInt(request.params.petId))
          if (!pet) return reply.code(404).send({ code: 'not_found', message: 'no such pet', status: 404 })
          return pet
        },
      )
    },
    { prefix: '/v1' },
  )
  return app
}
