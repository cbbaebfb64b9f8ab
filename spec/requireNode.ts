// Imported first by every library entry of the package (`petstore-mock`, `/node`, `/http`, `/spec`,
// `/contract`), so an older Node fails at import with one sentence naming the Node it needs, before
// msw or anything else fails deep inside. A browser has no Node version: nothing happens there.
import { libraryNodeProblem } from './nodeFloor.ts'

const problem = libraryNodeProblem(
  (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node,
)
if (problem) throw new Error(problem)
