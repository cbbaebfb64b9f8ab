// Which operation of the document a method and path (under the base URL) address: literal segments
// beat `{parameters}`, as OpenAPI routes. Shared by coverage and the replay of recorded traffic.
import { operations, type PetStoreDocument, type SpecOperation } from '../spec/runtime.ts'

export interface OperationMatch {
  operation: SpecOperation
  /** The path parameters, decoded: `{ petId: '7' }`. */
  parameters: Record<string, string>
}

/**
 * A matcher for one document (its routes computed once).
 *
 * @example
 * operationMatcher(document)('GET', '/pets/7') // { operation: getPet, parameters: { petId: '7' } }
 */
export function operationMatcher(
  document: PetStoreDocument,
): (method: string, path: string) => OperationMatch | undefined {
  // Most literal segments first, once: the first route that matches is the most specific, so a
  // request costs a scan, with no filtering or sorting of its own (the proxy matches every request).
  const routes = operations(document)
    .map((operation) => ({ operation, segments: operation.path.split('/').filter(Boolean) }))
    .sort((a, b) => literalCount(b.segments) - literalCount(a.segments))
  return (method, path) => {
    const segments = path.split('/').filter(Boolean)
    const wanted = method.toLowerCase()
    const route = routes.find((r) => r.operation.method === wanted && matches(r.segments, segments))
    if (!route) return undefined
    const parameters: Record<string, string> = {}
    route.segments.forEach((segment, i) => {
      const name = /^\{(.+)\}$/.exec(segment)?.[1]
      if (name) parameters[name] = decodeSegment(segments[i] ?? '')
    })
    return { operation: route.operation, parameters }
  }
}

function matches(template: readonly string[], segments: readonly string[]): boolean {
  return (
    template.length === segments.length &&
    template.every((part, i) => part.startsWith('{') || part === segments[i])
  )
}

function literalCount(template: readonly string[]): number {
  return template.filter((part) => !part.startsWith('{')).length
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
