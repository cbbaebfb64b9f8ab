// `--help` of both bins tells the whole story: every option their parsers accept, and for the mock
// every control endpoint it serves, so a new flag or endpoint cannot be left out of the help.
import { describe, expect, test } from '@jest/globals'
import { CONTRACT_CLI_OPTIONS, contractUsage } from '../../contract-tests/running/ContractTarget.ts'
import { MOCK_CLI_OPTIONS, mockUsage } from '../../mocks/http/mockCliOptions.ts'
import { MOCK_CONTROL } from '../../mocks/server/controlPlane.ts'
import { PROXY_CLI_OPTIONS, PROXY_USAGE } from '../../proxy/cli.ts'
import { PROXY_CONTROL } from '../../proxy/proxyControl.ts'

/** The help's lines that describe `--name` (and its short form, when it has one). */
function describes(help: string, name: string, option: { short?: string }): boolean {
  return help.split('\n').some((line) => {
    const long = new RegExp(`(^|[\\s,])--${name}(\\s|,|$)`).test(line)
    const short = option.short === undefined || line.includes(`-${option.short}, --${name}`)
    return long && short
  })
}

describe.each([
  ['petstore-mock', mockUsage('petstore-mock'), MOCK_CLI_OPTIONS],
  ['petstore-contract', contractUsage('petstore-contract'), CONTRACT_CLI_OPTIONS],
  ['petstore-mock proxy', PROXY_USAGE, PROXY_CLI_OPTIONS],
] as const)('%s --help', (_bin, help, options) => {
  test('names every option the parser accepts, with its short form', () => {
    const missing = Object.entries(options)
      .filter(([name, option]) => !describes(help, name, option as { short?: string }))
      .map(([name]) => name)
    expect(missing).toEqual([])
  })

  test('names no option the parser would refuse', () => {
    const named = [...help.matchAll(/(?:^|[\s,(])--([a-z][a-z-]*)/g)].map((match) => match[1] as string)
    expect(named.filter((name) => !Object.hasOwn(options, name))).toEqual([])
  })
})

describe('petstore-mock --help, endpoints', () => {
  const help = mockUsage('petstore-mock')

  test('lists every control endpoint with each of its methods', () => {
    const listed = (endpoint: string) => {
      const [method, path] = endpoint.split(' ')
      return new RegExp(`^\\s+${method}\\s+${(path as string).replaceAll('.', '\\.')}\\s`, 'm').test(help)
    }
    expect(MOCK_CONTROL.endpoints().length).toBeGreaterThanOrEqual(10)
    expect(MOCK_CONTROL.endpoints().filter((endpoint) => !listed(endpoint))).toEqual([])
  })

  test('and the inspector page and the spec in use, served beside them', () => {
    expect(help).toMatch(/^\s+GET\s+\/__mock\/\s/m)
    expect(help).toMatch(/^\s+GET\s+\/__mock\/openapi\.yaml\s/m)
  })
})

describe('petstore-mock proxy --help, endpoints', () => {
  test("lists every one of the proxy's endpoints with each of its methods", () => {
    const missing = PROXY_CONTROL.endpoints().filter((endpoint) => {
      const [method, path] = endpoint.split(' ')
      return !new RegExp(`^\\s+${method}\\s+${(path as string).replaceAll('.', '\\.')}\\s`, 'm').test(
        PROXY_USAGE,
      )
    })
    expect(missing).toEqual([])
  })
})
