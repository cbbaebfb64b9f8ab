// Imported first by the Node entry (petstore-mock/node), so an msw outside the peer range fails
// at import with one clear sentence rather than later, deep inside msw (`handler.dispose is not a
// function`). A missing msw fails earlier still, in Node's resolver, which names the package.
import { readPackageInfo } from '../../spec/packageInfo.ts'
import { mswProblem } from './mswProblem.ts'

const problem = mswProblem(import.meta.url, readPackageInfo().mswRange)
if (problem) throw new Error(problem)
