import { AsyncLocalStorage } from 'node:async_hooks'
import { subscribe } from 'node:diagnostics_channel'

const counting = new AsyncLocalStorage<{ count: number }>()
const counts = new WeakMap<object, { count: number }>()
// fetch drops 1xx answers unseen; undici, under it, publishes each request it creates (in the
// caller's async context) and each response head it reads, 1xx included.
subscribe('undici:request:create', (message) => {
  const interim = counting.getStore()
  if (interim) counts.set((message as { request: object }).request, interim)
})
subscribe('undici:request:headers', (message) => {
  const { request, response } = message as { request: object; response: { statusCode: number } }
  const interim = counts.get(request)
  if (interim && response.statusCode < 200) interim.count++
})

/**
 * Runs `send`, counting in `interim` the 1xx answers its requests get before a final one, so a
 * target that sends `102 Processing` until the timeout is named for it. sendRaw counts the 1xx it
 * skips into `currentInterim()`.
 *
 * @example
 * const interim = { count: 0 }
 * await countingInterim(interim, () => fetch(url, { signal })) // interim.count: the 1xx answers first
 */
export function countingInterim<T>(interim: { count: number }, send: () => Promise<T>): Promise<T> {
  return counting.run(interim, send)
}

/** The count of the `countingInterim` call this code runs in, if any. */
export const currentInterim = (): { count: number } | undefined => counting.getStore()
