import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { createHttpMock, type HttpMock, listen } from '../../../mocks/http/createHttpMock.ts'

let mock: HttpMock
let origin = ''
beforeAll(async () => {
  mock = createHttpMock()
  origin = (await listen(mock, 0, '127.0.0.1')).replace(/\/v1$/, '')
})
afterAll(() => new Promise((resolve) => mock.server.close(resolve)))

const post = (path: string, body?: string) =>
  fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined && { body }),
  })

describe('the HTTP mock’s control plane', () => {
  test('POST /__mock/reset with no body returns to the fixture pets', async () => {
    mock.store.create({ name: 'Extra', categoryId: 1 })
    const response = await post('/__mock/reset')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'reset', pets: 45 })
    expect(mock.store.size).toBe(45)
  })

  test('POST /__mock/reset with a Pets body seeds exactly those pets', async () => {
    const response = await post(
      '/__mock/reset',
      JSON.stringify([{ id: 7, name: 'Only', categoryId: 1, status: 'sold' }]),
    )
    expect(response.status).toBe(200)
    expect(mock.store.snapshot()).toEqual([{ id: 7, name: 'Only', categoryId: 1, status: 'sold' }])
  })

  test('POST /__mock/reset keeps int64 categoryIds digit for digit', async () => {
    const seed =
      '[{"id":1,"name":"max","categoryId":9223372036854775807},{"id":2,"name":"min","categoryId":-9223372036854775808}]'
    expect((await post('/__mock/reset', seed)).status).toBe(200)
    const listed = await (
      await fetch(`${origin}/v1/pets`, { headers: { authorization: 'Bearer petstore-dev-key' } })
    ).text()
    expect(listed).toContain('"categoryId":9223372036854775807,')
    expect(listed).toContain('"categoryId":-9223372036854775808,')
  })

  test.each([
    ['not JSON', '[', 'malformed_json'],
    [
      'holding a categoryId beyond int64',
      '[{"id":1,"name":"a","categoryId":9223372036854775808}]',
      'invalid_body',
    ],
    ['not Pets', '[{"name":"no id"}]', 'invalid_body'],
    [
      'duplicate ids',
      '[{"id":1,"name":"a","categoryId":1},{"id":1,"name":"b","categoryId":1}]',
      'invalid_body',
    ],
  ])('a seed that is %s is 400 and leaves the store alone', async (_name, body, code) => {
    await post('/__mock/reset')
    const response = await post('/__mock/reset', body)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code, status: 400 })
    expect(mock.store.size).toBe(45)
  })

  test('GET /__mock/health reports the store size', async () => {
    await post('/__mock/reset')
    expect(await (await fetch(`${origin}/__mock/health`)).json()).toEqual({ status: 'ok', pets: 45 })
  })

  test('paths outside /v1 and the control plane are 404 with an Error body', async () => {
    const response = await fetch(`${origin}/v2/pets`)
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ code: 'route_not_found', status: 404 })
  })
})
