// stryker.config.json mutates PetStore by line range: its create, get and list paths, which a client
// can observe, without the change counter, the change listeners and the memory accounting
// (docs/mutation.md). A line range drifts when the file changes; this names what the
// ranges must hold and what they must leave out, so a drift fails here instead of moving the score.
import { readFileSync } from 'node:fs'
import { expect, test } from '@jest/globals'

const root = new URL('../../', import.meta.url)
const config = JSON.parse(readFileSync(new URL('stryker.config.json', root), 'utf8')) as { mutate: string[] }
const lines = readFileSync(new URL('mocks/core/PetStore.ts', root), 'utf8').split('\n')

const covered = config.mutate
  .map((entry) => /^mocks\/core\/PetStore\.ts:(\d+)-(\d+)$/.exec(entry))
  .filter((match) => match !== null)
  .flatMap(([, from, to]) => lines.slice(Number(from) - 1, Number(to)))
  .join('\n')

test('the PetStore ranges hold the create, get and list paths', () => {
  expect(config.mutate).not.toContain('mocks/core/PetStore.ts')
  for (const code of [
    '    pet.id = this.#takeId()',
    '    return this.#added(pet, held)',
    '    this.#insert(pet, held)',
    '  get(id: number): Pet | undefined {',
    '  list({ limit, status }: ListQuery): Pet[] {',
    '    this.#nextId = base.maxId + 1',
    '  #takeId(): number {',
    '  #insert(pet: Pet, held: Held): void {',
    'function addTo(index: PetIndex, pet: Pet): void {',
    'function shapedPet(id: number, input: NewPet, fields: readonly string[]): Pet {',
    '  return pet as unknown as Pet',
  ])
    expect(covered).toContain(code)
})

test('they leave out what no contract run can reach, and the bookkeeping no answer carries', () => {
  for (const code of [
    '  refusal(input: NewPet)',
    // The mock's createPet calls createUnlessRefused; create is the state file's and the tests' door.
    '  create(input: NewPet): Pet {',
    'The store holds its maximum of',
    'this.#refusalOf(held)',
    '  undoCreates(',
    '  release(): void {',
    '  newest(limit',
    "listener({ kind: 'create', pet })",
    'this.#textChars += held.chars',
    'this.#budget.force(held.bytes)',
  ])
    expect(covered).not.toContain(code)
})
