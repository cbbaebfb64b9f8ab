#!/usr/bin/env node
// The `petstore-contract` bin: the Node version first (see bin/petstore-mock.ts), then the suite.
import { exitIfNodeTooOld } from '../spec/packageInfo.ts'

exitIfNodeTooOld('petstore-contract')
const { runContractCli } = await import('../contract-tests/cli.ts')
const { invokedAs } = await import('../contract-tests/running/invokedAs.ts')
process.exitCode = await runContractCli(
  process.argv.slice(2),
  invokedAs(process.env, process.argv, process.cwd()),
)
