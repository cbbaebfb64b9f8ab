/**
 * A run-scoped memo: `task(context)` runs once per key object (a run's CheckContext), so two checks
 * that judge the same requests (e.g. at the required and the recommended level) send them once.
 *
 * @example
 * const sendViolations = oncePer(async (context: CheckContext) => …)
 * await sendViolations(context) // sends; a second call with the same context returns the same promise
 */
export function oncePer<K extends object, R>(task: (key: K) => Promise<R>): (key: K) => Promise<R> {
  const memo = new WeakMap<K, Promise<R>>()
  return (key) => {
    const result = memo.get(key) ?? task(key)
    memo.set(key, result)
    return result
  }
}
