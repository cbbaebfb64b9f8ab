/** Pets whose text is remembered at most: past it, the memory starts over. */
const REMEMBERED_PETS = 256

/**
 * The JSON text of a stored pet, remembered: a client reads the same few pets again and again, and
 * the store never changes a pet once stored (a create makes a new object), so a pet's text is
 * made once. Bounded (a map cleared when full), so a client walking every id costs what it did.
 *
 * @example
 * const text = petText()
 * text(store.get(7)) // '{"id":7,...}', serialised
 * text(store.get(7)) // the same string, not serialised again
 */
export function petText(): (pet: object) => string {
  let remembered = new Map<object, string>()
  return (pet) => {
    let text = remembered.get(pet)
    if (text === undefined) {
      text = JSON.stringify(pet)
      if (remembered.size >= REMEMBERED_PETS) remembered = new Map()
      remembered.set(pet, text)
    }
    return text
  }
}
