import { describe, expect, test } from '@jest/globals'
import { petText } from './petText.ts'

const pet = (id: number, name = 'Rex') => ({ id, name, categoryId: 1, status: 'available' })

describe('petText', () => {
  test('is JSON.stringify of the pet, the first time and every time after, past its bound too', () => {
    const text = petText()
    const pets = Array.from({ length: 600 }, (_, i) => pet(i + 1, `n${i}`))
    for (let round = 0; round < 2; round++)
      for (const one of pets) expect(text(one)).toBe(JSON.stringify(one))
  })

  test('two pets that look alike are two pets: each its own text', () => {
    const text = petText()
    expect(text(pet(1))).toBe(JSON.stringify(pet(1)))
    expect(text(pet(1, 'Tom'))).toBe(JSON.stringify(pet(1, 'Tom')))
  })
})
