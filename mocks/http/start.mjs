// Entry of `npm start`. It turns on Node's compile cache before the TypeScript CLI loads, so from the
// second start on the type-stripped modules come from the cache (start-up about halves). Plain
// JavaScript, because the cache must be on before the first .ts module is read.
import { enableCompileCache } from 'node:module'

enableCompileCache()
await import('./cli.ts')
