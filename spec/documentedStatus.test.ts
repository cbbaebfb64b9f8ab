import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { compileValidators } from './compileValidators.ts'
import { documentedResponseKey, isDocumentedStatus } from './documentedStatus.ts'
import { openApiDocument } from './generated/openApiDocument.ts'
import type { PetStoreDocument, ResponseObject } from './PetStoreDocument.ts'

const response: ResponseObject = { description: 'x' }

describe('documentedResponseKey', () => {
  test('exact code, then its range (any case), then default, as OpenAPI reads responses', () => {
    expect(documentedResponseKey({ '404': response, '4XX': response, default: response }, 404)).toBe('404')
    expect(documentedResponseKey({ '4xx': response, default: response }, 418)).toBe('4xx')
    expect(documentedResponseKey({ '200': response, default: response }, 503)).toBe('default')
    expect(documentedResponseKey({ '200': response, '5XX': response }, 404)).toBeUndefined()
  })

  test('a status is documented exactly when its code, its range or default is a key', () => {
    const keys = fc.uniqueArray(
      fc.oneof(
        fc.integer({ min: 100, max: 599 }).map(String),
        fc.constantFrom('1XX', '2XX', '3XX', '4XX', '5XX', '4xx', 'default'),
      ),
    )
    fc.assert(
      fc.property(keys, fc.integer({ min: 100, max: 599 }), (list, status) => {
        const responses = Object.fromEntries(list.map((key) => [key, response]))
        const expected = list.some(
          (key) =>
            key === String(status) || key.toUpperCase() === `${String(status)[0]}XX` || key === 'default',
        )
        expect(isDocumentedStatus({ responses }, status)).toBe(expected)
      }),
    )
  })

  test('the validators find the body schema of a range or default response', () => {
    const document = structuredClone(openApiDocument) as PetStoreDocument
    const listPets = document.paths['/pets']?.get
    const unauthorized = listPets?.responses['401']
    if (!listPets || !unauthorized) throw new Error('the spec has no listPets 401')
    listPets.responses = {
      '200': listPets.responses['200'] as ResponseObject,
      '4XX': unauthorized,
      default: unauthorized,
    }
    const validators = compileValidators(document)
    expect(validators.response('listPets', 418)?.({ code: 'x', message: 'y', status: 418 })).toBe(true)
    expect(validators.response('listPets', 503)?.({})).toBe(false)
  })
})
