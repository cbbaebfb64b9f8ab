import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express'
import { type IdScheme, idsOf, writeBigint } from '../idsOf.ts'

/**
 * The faults an Express service really ships with, one at a time:
 * - `default-error-handler`: no error middleware, so `express.json()`'s errors (malformed JSON)
 *   reach Express's own handler, which answers HTML;
 * - `number-coercion`: fields read as `Number(body.categoryId)` and `String(body.name)`, so
 *   `"5"` is stored as 5 and `123` as "123";
 * - `name-column-255`: names cut to the VARCHAR(255) column, where the conforming app refuses them;
 * - `key-prefix`: the key checked with `startsWith`, so anything after it is let in;
 * - `page-lookahead-off-by-one`: the list reads `limit + 1` rows to learn whether a next page
 *   exists, then keeps one row too few when it does;
 * - `utf8mb3-column`: the name column is MySQL's 3-byte `utf8`, which stores each character beyond
 *   the Basic Multilingual Plane as `?`, while the create answers 201;
 * - `status-default-in-db`: the 201 echoes the app's default status (`available`), but the row is
 *   inserted without one and the column's own default (`pending`) is what getPet and lists read;
 * - `empty-list-204`: a list with nothing to return answers 204 No Content (an empty store, or a
 *   filter that matches nothing).
 */
export type ExpressFault =
  | 'default-error-handler'
  | 'number-coercion'
  | 'name-column-255'
  | 'key-prefix'
  | 'page-lookahead-off-by-one'
  | 'utf8mb3-column'
  | 'status-default-in-db'
  | 'empty-list-204'

export interface ExpressOptions {
  apiKey: string
  fault?: ExpressFault | undefined
  ids?: IdScheme | undefined
}

interface Pet {
  id: bigint
  name: string
  categoryId: number
  status: string
}

const STATUSES = ['available', 'pending', 'sold']

/** An HTTP error with the Error body's code, thrown by handlers and written by the error middleware. */
class ApiError extends Error {
  readonly status: number
  readonly code: string
  constructor(status: number, code: string, message: string) {
    super(message)
    this.status = status
    this.code = code
  }
}

/**
 * A Pet Store as an Express 5 team writes it: `express.json()`, a router under /v1, an auth
 * middleware and one error middleware. Its free choices where the document is silent: Express's
 * default query parser, a limit outside 1..100 or not a number answered 400, an unknown status
 * listing nothing (a filter that matches no pet), a petId that is not digits 400, `available` when
 * status is omitted, a name longer than its column (255) refused with 422, a categoryId beyond 2^53
 * refused. Ids are bigints (`ids` chooses the scheme), written exactly by the app's `json replacer`.
 */
export function createExpressApp({ apiKey, fault, ids = 'sequence' }: ExpressOptions): Express {
  const pets: Pet[] = []
  const nextId = idsOf(ids)
  const app = express()
  app.set('json replacer', writeBigint)

  const auth: RequestHandler = (req, res, next) => {
    const header = req.get('authorization') ?? ''
    const match = /^Bearer (\S+)$/i.exec(header)
    const token = match?.[1]
    const ok = token !== undefined && (fault === 'key-prefix' ? token.startsWith(apiKey) : token === apiKey)
    if (ok) return next()
    res.set('WWW-Authenticate', 'Bearer realm="pets"')
    next(new ApiError(401, 'unauthorized', 'missing or invalid API key'))
  }

  const v1 = express.Router()
  v1.get('/pets', (req, res) => {
    const { limit = '20', status } = req.query
    const size = Number(limit)
    if (typeof limit !== 'string' || !Number.isInteger(size) || size < 1 || size > 100)
      throw new ApiError(400, 'invalid_limit', 'limit must be an integer from 1 to 100')
    if (status !== undefined && typeof status !== 'string')
      throw new ApiError(400, 'invalid_status', 'status must be given once')
    const rows = pets.filter((pet) => status === undefined || pet.status === status).slice(0, size + 1)
    const more = rows.length > size
    if (fault === 'empty-list-204' && rows.length === 0) return void res.status(204).end()
    res.json(rows.slice(0, more && fault === 'page-lookahead-off-by-one' ? size - 1 : size))
  })
  v1.post('/pets', (req, res) => {
    const body: unknown = req.body
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new ApiError(400, 'invalid_body', 'a JSON object is required')
    const fields = body as Record<string, unknown>
    const name = fault === 'number-coercion' && fields.name != null ? String(fields.name) : fields.name
    const categoryId =
      fault === 'number-coercion' && fields.categoryId != null ? Number(fields.categoryId) : fields.categoryId
    const { status = 'available' } = fields
    if (typeof name !== 'string') throw new ApiError(400, 'invalid_body', 'name is required')
    if (typeof categoryId !== 'number' || !Number.isSafeInteger(categoryId))
      throw new ApiError(400, 'invalid_body', 'categoryId must be an integer within ±(2^53 - 1)')
    // The name column is a VARCHAR(255): a longer name is refused rather than cut.
    if (name.length > 255 && fault !== 'name-column-255')
      throw new ApiError(422, 'name_too_long', 'name is longer than 255 characters')
    if (typeof status !== 'string' || !STATUSES.includes(status))
      throw new ApiError(400, 'invalid_body', `status must be one of ${STATUSES.join(', ')}`)
    // With `status-default-in-db`, the row is written without the omitted status: the column's default holds.
    const stored = fault === 'status-default-in-db' && fields.status === undefined ? 'pending' : status
    const column =
      fault === 'name-column-255'
        ? name.slice(0, 255)
        : fault === 'utf8mb3-column'
          ? name.replace(/[\u{10000}-\u{10ffff}]/gu, '?')
          : name
    const pet = { id: nextId(), name: column, categoryId, status: stored }
    pets.push(pet)
    res
      .status(201)
      .location(`/v1/pets/${pet.id}`)
      .json({ ...pet, status })
  })
  v1.get('/pets/:petId', (req, res) => {
    const { petId } = req.params
    if (!/^-?\d+$/.test(petId)) throw new ApiError(400, 'invalid_pet_id', 'petId must be an integer')
    const id = BigInt(petId)
    const pet = pets.find((candidate) => candidate.id === id)
    if (!pet) throw new ApiError(404, 'not_found', `no pet ${petId}`)
    res.set({ Deprecation: 'true', Sunset: 'Thu, 05 Dec 2030 00:00:00 GMT' }).json(pet)
  })

  app.use('/v1', auth, express.json(), v1)
  app.use((_req, _res, next) => next(new ApiError(404, 'not_found', 'no such route')))
  if (fault !== 'default-error-handler') {
    const errors: ErrorRequestHandler = (error, _req, res, _next) => {
      // express.json() throws http-errors (status 400, 413, 415); anything else is a bug: 500.
      const status = error instanceof ApiError ? error.status : Number(error?.status) || 500
      const code = error instanceof ApiError ? error.code : (error?.type ?? 'internal_error')
      res.status(status).json({ code, message: String(error?.message ?? 'error'), status })
    }
    app.use(errors)
  }
  return app
}
