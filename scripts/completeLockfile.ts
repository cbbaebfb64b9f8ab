// `npm run lock:complete`: the registry this project is built against lacks the other platforms'
// native binaries (e.g. @biomejs/cli-darwin-x64), so npm leaves them out of package-lock.json, and
// then `npm ci` refuses the lock ("Missing: … from lock file"). This records each missing optional
// platform package with the os/cpu/libc its name declares: npm skips it on other platforms and
// fetches it by name and version on its own. Run it after every `npm install`.
import { readFileSync, writeFileSync } from 'node:fs'
import { missingPlatformPackages } from './missingPlatformPackages.ts'

const path = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(path, 'utf8')) as { packages: Record<string, Record<string, unknown>> }
const missing = missingPlatformPackages(lock.packages)
for (const [location, entry] of missing) lock.packages[location] = entry
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
)
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`package-lock.json: recorded ${missing.length} optional platform packages`)
