// The part of autocannon 9's programmatic API the bench uses (the package ships no types and
// @types/autocannon is not installed). Shapes from node_modules/autocannon/README.md, "API".
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  export interface AutocannonRequest {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
  }

  export interface AutocannonOptions {
    url: string
    connections?: number
    duration?: number
    timeout?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    requests?: AutocannonRequest[]
  }

  export interface Histogram {
    average: number
    mean: number
    min: number
    max: number
    p50: number
    p99: number
    total: number
    sent: number
  }

  export interface AutocannonResult {
    requests: Histogram
    latency: Histogram
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    statusCodeStats: Record<string, { count: number }>
  }

  export interface AutocannonInstance extends EventEmitter {
    stop(): void
  }

  function autocannon(
    options: AutocannonOptions,
    done: (error: Error | null, result: AutocannonResult) => void,
  ): AutocannonInstance

  export default autocannon
}
