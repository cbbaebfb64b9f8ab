// Preloaded (`node --import`) into a CLI child by the hostile-target tests: at exit it writes the
// process's peak resident set size, in KiB, to the file named by PETSTORE_MAX_RSS_FILE, so a test
// can hold the real CLI to a memory bound. It changes nothing else in the process.
import { writeFileSync } from 'node:fs'

const file = process.env.PETSTORE_MAX_RSS_FILE
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)))
