import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { openApiDocument } from './generated/openApiDocument.ts'
import { operations } from './operations.ts'
import type { OperationObject, PetStoreDocument } from './PetStoreDocument.ts'
import { Router } from './Router.ts'

const operation = (operationId: string): OperationObject => ({ operationId, responses: {} })

function routerOf(paths: readonly string[]): Router {
  const document = {
    paths: Object.fromEntries(paths.map((path) => [path, { get: operation(path) }])),
  } as unknown as PetStoreDocument
  return new Router(operations(document), '/v1')
}

const petStore = new Router(operations(openApiDocument), '/v1')
const operationOf = (method: string, path: string) => {
  const routed = petStore.route(method, path)
  return routed.kind === 'operation' ? routed.operation.operationId : routed.kind
}

describe('Router matches the most specific path, whatever the document order', () => {
  test('/pets/mine after /pets/{petId} still routes to its own operation', () => {
    const router = routerOf(['/pets', '/pets/{petId}', '/pets/mine'])
    expect(router.route('GET', '/v1/pets/mine')).toMatchObject({ template: '/pets/mine' })
    expect(router.route('GET', '/v1/pets/7')).toMatchObject({
      template: '/pets/{petId}',
      params: { petId: '7' },
    })
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
          const router = routerOf(shuffled)
          for (const path of paths) {
            const concrete = path.replaceAll('{x}', 'a')
            const routed = router.route('GET', `/v1${concrete}`)
            // The expected winner: among templates that match, the greatest in literal-first order.
            const candidates = paths.filter((p) => matches(p, concrete))
            const best = candidates.reduce((winner, p) => (moreSpecific(p, winner) ? p : winner))
            expect(routed.kind === 'operation' && routed.template).toBe(best)
          }
        },
      ),
    )
  })
})

describe('Router routes canonical targets only (decisions/025)', () => {
  test.each([
    ['GET', '/v1/pets', 'listPets'],
    ['POST', '/v1/pets', 'createPet'],
    ['GET', '/v1/pets/7', 'getPet'],
    ['HEAD', '/v1/pets/7', 'getPet'],
    ['HEAD', '/v1/pets', 'listPets'],
    ['DELETE', '/v1/pets', 'method'],
    ['OPTIONS', '/v1/pets/7', 'method'],
    ['GET', '/v1/pets/', 'unknown'],
    ['GET', '/v1/pets//7', 'unknown'],
    ['GET', '/v1//pets', 'unknown'],
    ['GET', '/v1/pets/7/', 'unknown'],
    ['GET', '/v1/pets/.', 'unknown'],
    ['GET', '/v1/pets/..', 'unknown'],
    ['GET', '/v1/x/../pets', 'unknown'],
    ['GET', '/v1/./pets', 'unknown'],
    ['GET', '/v1/Pets', 'unknown'],
    ['GET', '/v1/%70ets', 'unknown'],
    ['GET', '/v1/pets;a=1', 'unknown'],
    ['GET', '/v1', 'unknown'],
    ['GET', '/v1/', 'unknown'],
    ['GET', '/V1/pets', 'outside'],
    ['GET', '/v10/pets', 'outside'],
    ['GET', '//v1/pets', 'outside'],
    ['GET', '/', 'outside'],
  ])('%s %s: %s', (method, path, want) => {
    expect(operationOf(method, path)).toBe(want)
  })

  test('path parameters are percent-decoded once; one that is not valid percent-encoding stays as sent and is named', () => {
    expect(petStore.route('GET', '/v1/pets/%37')).toMatchObject({ params: { petId: '7' } })
    expect(petStore.route('GET', '/v1/pets/%2537')).toMatchObject({ params: { petId: '%37' } })
    expect(petStore.route('GET', '/v1/pets/a%2Fb')).toMatchObject({ params: { petId: 'a/b' } })
    expect(petStore.route('GET', '/v1/pets/7;v=1')).toMatchObject({ params: { petId: '7;v=1' } })
    const bad = petStore.route('GET', '/v1/pets/%zz')
    expect(bad).toMatchObject({ kind: 'operation', params: { petId: '%zz' }, undecodable: 'petId' })
    expect(petStore.route('GET', '/v1/pets/7')).not.toHaveProperty('undecodable')
  })

  test('Allow lists the path’s methods in document order, then HEAD and OPTIONS; methods lists them all', () => {
    expect(petStore.route('PUT', '/v1/pets')).toEqual({
      kind: 'method',
      template: '/pets',
      allow: 'GET, POST, HEAD, OPTIONS',
    })
    expect(petStore.methods).toBe('GET, HEAD, POST, OPTIONS')
  })

  test('any target: an operation only when every segment is non-empty, no dot segment, and literals equal', () => {
    const segment = fc.oneof(
      fc.constantFrom('pets', 'Pets', '', '.', '..', '7', '%37', 'pets;x=1', 'v1'),
      fc.string({ maxLength: 6 }).filter((s) => !s.includes('/') && !s.includes('?')),
    )
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 5 }),
        fc.constantFrom('GET', 'POST', 'HEAD'),
        (segments, method) => {
          const path = `/v1/${segments.join('/')}`
          const routed = petStore.route(method, path)
          const canonical =
            segments.length > 0 &&
            segments.every((s) => s !== '' && s !== '.' && s !== '..') &&
            segments[0] === 'pets'
          if (routed.kind === 'operation') {
            expect(canonical).toBe(true)
            expect(
              segments.length === 1 || (segments.length === 2 && routed.operation.operationId === 'getPet'),
            ).toBe(true)
          } else if (canonical && segments.length <= 2) expect(routed.kind).toBe('method')
          else expect(['unknown', 'method']).toContain(routed.kind)
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

describe('Router remembers the routes of paths it saw (a client sends the same few again and again)', () => {
  test('a remembered route is the route worked out afresh, for any path and method, long paths included', () => {
    const segment = fc.constantFrom('pets', '7', '%37', '%zz', '', '..', 'x')
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 4 }),
        fc.constantFrom('GET', 'POST', 'HEAD', 'PUT', 'OPTIONS'),
        fc.boolean(),
        (segments, method, long) => {
          const path = `/v1/${segments.join('/')}${long ? `/${'y'.repeat(300)}` : ''}`
          const first = new Router(operations(openApiDocument), '/v1').route(method, path)
          expect(petStore.route(method, path)).toEqual(first)
          expect(petStore.route(method, path)).toEqual(first)
        },
      ),
    )
  })

  test('what it hands out is frozen: a caller cannot change the route another request gets', () => {
    const routed = petStore.route('GET', '/v1/pets/12')
    expect(Object.isFrozen(routed)).toBe(true)
    if (routed.kind !== 'operation') throw new Error('getPet expected')
    expect(Object.isFrozen(routed.params)).toBe(true)
    expect(() => {
      ;(routed.params as Record<string, string>).petId = '13'
    }).toThrow(TypeError)
    expect(petStore.route('GET', '/v1/pets/12')).toMatchObject({ params: { petId: '12' } })
  })

  test('past its bound it starts over and still routes every path right', () => {
    const router = new Router(operations(openApiDocument), '/v1')
    for (let id = 1; id <= 1_000; id++)
      expect(router.route('GET', `/v1/pets/${id}`)).toMatchObject({ params: { petId: String(id) } })
    for (let i = 0; i < 40; i++) expect(router.route(`M${i}`, '/v1/pets')).toMatchObject({ kind: 'method' })
    expect(router.route('GET', '/v1/pets/1')).toMatchObject({ params: { petId: '1' } })
  })
})
