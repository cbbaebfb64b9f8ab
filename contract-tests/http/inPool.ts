/**
 * Maps `items` through `task` with at most `size` tasks running at once, keeping the order of the
 * results: independent requests go out concurrently without flooding a shared target.
 *
 * @example
 * const answers = await inPool(ids, 8, (id) => context.call('getPet', { petId: id }))
 */
export async function inPool<T, R>(
  items: readonly T[],
  size: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index] as T, index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker))
  return results
}
