import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import type { OperationObject, PetStoreDocument } from '../../spec/runtime.ts'
import { RouteTable } from './RouteTable.ts'

const operation = (operationId: string): OperationObject => ({ operationId, responses: {} })

function documentWith(paths: readonly string[]): PetStoreDocument {
  return {
    paths: Object.fromEntries(paths.map((path) => [path, { get: operation(path) }])),
  } as unknown as PetStoreDocument
}

describe('RouteTable matches the most specific path, whatever the document order', () => {
  test('/pets/mine after /pets/{petId} still routes to its own operation', () => {
    const routes = new RouteTable(documentWith(['/pets', '/pets/{petId}', '/pets/mine']), '/v1')
    expect(routes.match('/v1/pets/mine')?.template).toBe('/pets/mine')
    expect(routes.match('/v1/pets/7')?.template).toBe('/pets/{petId}')
    expect(routes.match('/v1/pets/7')?.rawParams).toEqual({ petId: '7' })
  })

  test('for any set of templates in any order, a literal segment beats a parameter at the first place they differ', () => {
    const segment = fc.constantFrom('a', 'b', '{x}')
    const template = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => `/${s.join('/')}`)
    fc.assert(
      fc.property(
        fc.uniqueArray(template, { minLength: 1, maxLength: 12 }),
        fc.func(fc.integer()),
        (paths, order) => {
          // Same parameter name everywhere would be odd OpenAPI, but it keeps the property simple.
          const shuffled = [...paths].sort((p, q) => order(p) - order(q))
          const routes = new RouteTable(documentWith(shuffled), '/v1')
          for (const path of paths) {
            const concrete = path.replaceAll('{x}', 'a')
            const matched = routes.match(`/v1${concrete}`)?.template
            // The expected winner: among templates that match, the greatest in literal-first order.
            const candidates = paths.filter((p) => matches(p, concrete))
            const best = candidates.reduce((winner, p) => (moreSpecific(p, winner) ? p : winner))
            expect(matched).toBe(best)
          }
        },
      ),
    )
  })
})

function matches(template: string, path: string): boolean {
  const t = template.split('/')
  const p = path.split('/')
  return t.length === p.length && t.every((s, i) => s === '{x}' || s === p[i])
}

function moreSpecific(a: string, b: string): boolean {
  const x = a.split('/')
  const y = b.split('/')
  for (let i = 0; i < x.length; i++) {
    if ((x[i] === '{x}') !== (y[i] === '{x}')) return y[i] === '{x}'
  }
  return false
}
