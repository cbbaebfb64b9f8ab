// A route the HTTP bench drives (what BENCH_ROUTES in benchHttp.ts lists).
import type { AutocannonRequest } from 'autocannon'

/** One of the three operations, as the load generator sends it. */
export interface BenchRoute {
  id: 'list' | 'get' | 'create'
  label: string
  /** The requests one connection sends in turn, for a server whose API starts at `basePath`. */
  requests(basePath: string, apiKey: string): AutocannonRequest[]
}
