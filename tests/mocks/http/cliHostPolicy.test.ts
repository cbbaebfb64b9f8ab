// The CLI's side of decisions/007-hostile-clients.md: --allowed-host reaches the server, and binding
// beyond loopback is said out loud at start.
import { afterEach, describe, expect, test } from '@jest/globals'
import { sendRaw } from '../../support/rawHttp.ts'
import { killStartedClis, startCli } from '../../support/startCli.ts'

afterEach(killStartedClis)

const list = (host: string) =>
  `GET /v1/pets?limit=1 HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer petstore-dev-key\r\nConnection: close\r\n\r\n`

describe('npm start and Host names', () => {
  test('--allowed-host and PETSTORE_ALLOWED_HOSTS name the hosts served besides IPs and localhost', async () => {
    const cli = startCli(['--port', '0', '--quiet', '--allowed-host', 'mock.team.test'], {
      PETSTORE_ALLOWED_HOSTS: 'ignored.test',
    })
    const port = Number(new URL(await cli.listening).port)
    expect((await sendRaw(port, list('mock.team.test:4010'))).status).toBe(200)
    expect((await sendRaw(port, list('ignored.test'))).status).toBe(403)
    expect((await sendRaw(port, list('localhost'))).status).toBe(200)
  })

  test('the environment variable alone works too', async () => {
    const cli = startCli(['--port', '0', '--quiet'], { PETSTORE_ALLOWED_HOSTS: 'a.test, .b.test' })
    const port = Number(new URL(await cli.listening).port)
    expect((await sendRaw(port, list('a.test'))).status).toBe(200)
    expect((await sendRaw(port, list('x.b.test'))).status).toBe(200)
  })

  test('on loopback the start is quiet; bound to every interface it warns once', async () => {
    const local = startCli(['--port', '0'])
    await local.listening
    expect(local.output()).not.toContain('warning')
    // Listening only: no traffic is sent to any address but 127.0.0.1.
    const everywhere = startCli(['--port', '0', '--host', '0.0.0.0'])
    await everywhere.listening
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(
      everywhere.output().match(/warning: listening on 0\.0\.0\.0, reachable from other machines/g),
    ).toHaveLength(1)
  })
})
