import type { AutocannonRequest } from 'autocannon'

/** One of the three operations, as the load generator sends it. */
export interface BenchRoute {
  id: 'list' | 'get' | 'create'
  label: string
  /** The requests one connection sends in turn, for a server whose API starts at `basePath`. */
  requests(basePath: string, apiKey: string): AutocannonRequest[]
}

// The seeded ids 1..45 exist on our servers; Prism answers its example for any integer id.
const SEEDED_IDS = Array.from({ length: 45 }, (_, index) => index + 1)

/**
 * The routes in the order they are driven: `create` last, because every POST grows the store and
 * the reads should see the seeded store (listing costs O(limit) either way).
 */
export const BENCH_ROUTES: readonly BenchRoute[] = [
  {
    id: 'list',
    label: 'GET /v1/pets?limit=20',
    requests: (basePath, apiKey) => [
      { method: 'GET', path: `${basePath}/pets?limit=20`, headers: { authorization: `Bearer ${apiKey}` } },
    ],
  },
  {
    id: 'get',
    label: 'GET /v1/pets/{id}',
    requests: (basePath, apiKey) =>
      SEEDED_IDS.map((id) => ({
        method: 'GET',
        path: `${basePath}/pets/${id}`,
        headers: { authorization: `Bearer ${apiKey}` },
      })),
  },
  {
    id: 'create',
    label: 'POST /v1/pets',
    requests: (basePath, apiKey) => [
      {
        method: 'POST',
        path: `${basePath}/pets`,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
      },
    ],
  },
]
