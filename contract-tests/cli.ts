#!/usr/bin/env node
// `petstore-contract` / `npm run contract`: the contract suite against any base URL. It runs the
// runner directly rather than Jest, so the installed package needs no test framework (see
// decisions/005-contract-cli-runs-the-runner.md); `npm test` runs the same runner under Jest.
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { CONTRACT_USAGE, type ContractTarget, resolveTarget } from './ContractTarget.ts'
import { formatConsole } from './report/formatConsole.ts'
import { toJsonSummary } from './report/toJsonSummary.ts'
import { toJunitXml } from './report/toJunitXml.ts'
import { runContract } from './runContract.ts'

let target: ContractTarget & { help: boolean }
try {
  target = resolveTarget(process.argv.slice(2), process.env)
} catch (error) {
  console.error(`petstore-contract: ${(error as Error).message}\n\n${CONTRACT_USAGE}`)
  process.exit(2)
}
if (target.help) {
  console.log(CONTRACT_USAGE)
  process.exit(0)
}

const report = await runContract(target)
console.log(formatConsole(report))
const files: Array<[string | undefined, string]> = [
  [target.junitFile, toJunitXml(report)],
  [target.jsonFile, `${JSON.stringify(toJsonSummary(report), null, 2)}\n`],
]
for (const [file, text] of files) {
  if (!file) continue
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, text)
  console.log(`wrote ${file}`)
}
if (report.abort) console.error(`petstore-contract: ${report.abort}`)
process.exitCode = report.abort ? 2 : report.failed ? 1 : 0
