import type { Pet, PetStatus } from 'petstore-mock'
import { apiTargetOf } from './apiTarget.ts'
import { createPetStoreClient, PetStoreError } from './petStoreClient.ts'

const DEFAULT_API_KEY = 'petstore-dev-key'
const STATUSES: readonly string[] = ['available', 'pending', 'sold']

const target = apiTargetOf(location.search, import.meta.env.VITE_PETSTORE_API_URL)
const element = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T

const source = element<HTMLParagraphElement>('source')
const apiKey = element<HTMLInputElement>('api-key')
const errorBanner = element<HTMLParagraphElement>('error')
const statusFilter = element<HTMLSelectElement>('status-filter')
const limit = element<HTMLSelectElement>('limit')
const petRows = element<HTMLTableSectionElement>('pets')
const petCount = element<HTMLParagraphElement>('pet-count')
const added = element<HTMLParagraphElement>('added')
const found = element<HTMLParagraphElement>('found')
const deprecation = element<HTMLParagraphElement>('deprecation')

apiKey.value = new URLSearchParams(location.search).get('key') ?? DEFAULT_API_KEY
const client = createPetStoreClient(target.baseUrl, () => apiKey.value.trim())

if (target.mode === 'msw') {
  const { startMock } = await import('./startMock.ts')
  await startMock()
  source.textContent = 'API mocked in this page by MSW (service worker)'
} else {
  source.textContent = `API at ${target.baseUrl}`
}

/** Shows an API error the way a user should see it: what failed, and the service's own message. */
function showError(action: string, error: unknown): void {
  errorBanner.hidden = false
  errorBanner.textContent =
    error instanceof PetStoreError
      ? `${action} failed (${error.status}): ${error.message}`
      : `${action} failed: ${(error as Error).message}`
}

function clearError(): void {
  errorBanner.hidden = true
  errorBanner.textContent = ''
}

function renderPets(pets: readonly Pet[]): void {
  petRows.replaceChildren(
    ...pets.map((pet) => {
      const row = document.createElement('tr')
      row.dataset.petId = String(pet.id)
      row.dataset.status = pet.status ?? ''
      for (const value of [pet.id, pet.name, pet.categoryId, pet.status ?? '']) {
        const cell = document.createElement('td')
        cell.textContent = String(value)
        row.append(cell)
      }
      return row
    }),
  )
  petCount.textContent = `${pets.length} pet${pets.length === 1 ? '' : 's'}`
}

let latestRefresh = 0

async function refresh(): Promise<void> {
  // Only the newest list request may draw: an older answer arriving late must not overwrite it.
  const ticket = ++latestRefresh
  const status = statusFilter.value
  const query = {
    limit: Number(limit.value),
    ...(STATUSES.includes(status) && { status: status as PetStatus }),
  }
  try {
    const pets = await client.listPets(query)
    if (ticket !== latestRefresh) return
    renderPets(pets)
    clearError()
  } catch (error) {
    if (ticket !== latestRefresh) return
    renderPets([])
    showError('Loading pets', error)
  }
  document.body.dataset.listed = String(ticket)
}

element<HTMLFormElement>('filter').addEventListener('submit', (event) => {
  event.preventDefault()
  void refresh()
})
statusFilter.addEventListener('change', () => void refresh())
limit.addEventListener('change', () => void refresh())
apiKey.addEventListener('change', () => void refresh())

element<HTMLFormElement>('add-pet').addEventListener('submit', async (event) => {
  event.preventDefault()
  const form = event.currentTarget as HTMLFormElement
  const fields = new FormData(form)
  const name = String(fields.get('name') ?? '')
  const categoryId = String(fields.get('categoryId') ?? '').trim()
  const status = String(fields.get('status') ?? '')
  // Sent as typed: the service, not the form, decides what is valid, so its 400 messages show.
  const pet = {
    ...(name !== '' && { name }),
    ...(categoryId !== '' && { categoryId: Number(categoryId) }),
    ...(STATUSES.includes(status) && { status: status as PetStatus }),
  }
  try {
    const created = await client.createPet(pet)
    added.textContent = `Added ${created.name} (id ${created.id}, ${created.status}).`
    form.reset()
    await refresh()
  } catch (error) {
    added.textContent = ''
    showError('Adding the pet', error)
  }
})

element<HTMLFormElement>('find-pet').addEventListener('submit', async (event) => {
  event.preventDefault()
  const petId = String(new FormData(event.currentTarget as HTMLFormElement).get('petId') ?? '').trim()
  try {
    const result = await client.getPet(petId)
    found.textContent = `#${result.pet.id} ${result.pet.name}: category ${result.pet.categoryId}, ${result.pet.status}`
    deprecation.hidden = result.deprecation === undefined
    if (result.deprecation) {
      const { sunset, successor } = result.deprecation
      deprecation.textContent = `This endpoint is deprecated${sunset ? ` and goes away on ${sunset}` : ''}${successor ? `; use ${successor}` : ''}.`
    }
    clearError()
  } catch (error) {
    found.textContent = ''
    deprecation.hidden = true
    showError(`Fetching pet ${petId}`, error)
  }
})

await refresh()
document.body.dataset.ready = 'true'
