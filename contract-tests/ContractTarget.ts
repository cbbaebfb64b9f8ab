import { parseArgs } from 'node:util'

/** Where and how to run the suite. */
export interface ContractTarget {
  baseUrl: string
  apiKey: string
  /** Fail the run on recommended checks too. */
  strict: boolean
  /** Never create data (the API has no delete). */
  readOnly: boolean
  /** The target keeps no state and accepts any key (e.g. `prism mock`): checks that need either are skipped. */
  stateless: boolean
  timeoutMs: number
  junitFile?: string | undefined
  jsonFile?: string | undefined
}

export const CONTRACT_USAGE = `Usage: petstore-contract --base-url URL [options]   (or: npm run contract -- ...)

  --base-url URL   the API's base, ending in /v1          (env PETSTORE_BASE_URL)
  --api-key KEY    a key the target accepts                (env PETSTORE_API_KEY; default petstore-dev-key)
  --strict         recommended checks fail the run too     (env PETSTORE_STRICT=1)
  --read-only      never create data                        (env PETSTORE_READ_ONLY=1)
  --stateless      the target keeps no state and accepts any key, e.g. prism mock (env PETSTORE_STATELESS=1)
  --timeout MS     per-request timeout, default 5000        (env PETSTORE_TIMEOUT_MS)
  --junit FILE     write a JUnit XML report                 (env PETSTORE_JUNIT)
  --json FILE      write a JSON summary (checks x operations) (env PETSTORE_JSON)
  --help           this text`

const truthy = (value: string | undefined) => value !== undefined && /^(1|true|yes)$/i.test(value)

/**
 * Reads the target from flags, then environment variables. Pure; throws an Error naming the setting
 * that is wrong.
 *
 * @example
 * resolveTarget(['--base-url', 'http://127.0.0.1:4010/v1'], {}) // { baseUrl: 'http://127.0.0.1:4010/v1', apiKey: 'petstore-dev-key', ... }
 */
export function resolveTarget(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): ContractTarget & { help: boolean } {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: {
      'base-url': { type: 'string' },
      'api-key': { type: 'string' },
      strict: { type: 'boolean' },
      'read-only': { type: 'boolean' },
      stateless: { type: 'boolean' },
      timeout: { type: 'string' },
      junit: { type: 'string' },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  const baseUrl = values['base-url'] ?? env.PETSTORE_BASE_URL ?? ''
  const help = values.help ?? false
  if (!help) {
    if (baseUrl === '')
      throw new Error('--base-url (or PETSTORE_BASE_URL) is required, e.g. https://staging.example.com/v1')
    if (!/^https?:\/\/[^/]+/.test(baseUrl))
      throw new Error(`--base-url must be an http(s) URL; received '${baseUrl}'`)
  }
  const timeoutText = values.timeout ?? env.PETSTORE_TIMEOUT_MS ?? '5000'
  const timeoutMs = Number(timeoutText)
  if (!/^\d+$/.test(timeoutText) || timeoutMs < 1 || timeoutMs > 120_000) {
    throw new Error(`--timeout must be milliseconds from 1 to 120000; received '${timeoutText}'`)
  }
  return {
    help,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: values['api-key'] ?? env.PETSTORE_API_KEY ?? 'petstore-dev-key',
    strict: values.strict ?? truthy(env.PETSTORE_STRICT),
    readOnly: values['read-only'] ?? truthy(env.PETSTORE_READ_ONLY),
    stateless: values.stateless ?? truthy(env.PETSTORE_STATELESS),
    timeoutMs,
    junitFile: values.junit ?? env.PETSTORE_JUNIT,
    jsonFile: values.json ?? env.PETSTORE_JSON,
  }
}
