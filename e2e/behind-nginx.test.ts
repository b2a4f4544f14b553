import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { connect as connectTls } from 'node:tls'
import type { AppOptionsReply, ClinicCalendarReply } from '@shared/clinic'
import { afterAll, beforeAll, describe, test } from 'vitest'
import { withDatabase } from '../apps/api/src/test/global-setup'
import { adminPool, randomDatabaseName } from '../apps/api/src/test/postgres-admin'
import {
  exampleTlsServer,
  exampleUpstream,
  NGINX_PATH,
  nginxExample,
  runNginx,
} from '../scripts/lib/nginx-example.mjs'
import { call, newAccount, randomLoopback, registerViaApi } from './support/accounts'
import { openDayAfter } from './support/booking'
import { expect } from './support/expect'
import { freePort, type RunningServer, startServer } from './support/server'

const postgresUrl = process.env.TEST_DATABASE_URL
const hasNginx = existsSync(NGINX_PATH)

/** deploy/nginx.conf's upstream (with these ports) and its `location /`, without TLS: the example itself is what the test runs. */
async function startNginx(upstreamPorts: number[]) {
  const folder = await mkdtemp(path.join(tmpdir(), 'portal-nginx-'))
  const port = await freePort()
  const upstream = exampleUpstream(upstreamPorts.map((upstreamPort) => `127.0.0.1:${upstreamPort}`))
  const { location } = nginxExample()
  const nginx = await runNginx({
    folder,
    http: `${upstream}\n    server {\n        listen 127.0.0.1:${port};\n        ${location}\n    }`,
  })
  const url = `http://127.0.0.1:${port}`
  await expect
    .poll(
      () =>
        fetch(`${url}/api/health`).then(
          (res) => res.status,
          () => 0,
        ),
      { timeout: 20_000 },
    )
    .toBe(200)
  return { url, stop: nginx.stop }
}

/** What a browser and the example's TLS server agree on: the TLS version and the HTTP version (ALPN). */
async function handshakeWith(port: number) {
  const socket = connectTls({
    host: '127.0.0.1',
    port,
    ALPNProtocols: ['h2', 'http/1.1'],
    rejectUnauthorized: false,
  })
  await once(socket, 'secureConnect')
  const agreed = { tls: socket.getProtocol(), http: socket.alpnProtocol }
  socket.destroy()
  return agreed
}

describe.runIf(hasNginx)(
  "deploy/nginx.conf's TLS server (skipped without nginx — apt-get install nginx)",
  () => {
    test('offers TLS 1.3 and HTTP/2, so a new visitor waits one round trip for the handshake, not two', async () => {
      const folder = await mkdtemp(path.join(tmpdir(), 'portal-nginx-tls-'))
      const port = await freePort()
      const server = exampleTlsServer({ port, folder })
      expect(server, 'openssl makes the test certificate').not.toBe(false)
      const nginx = await runNginx({
        folder,
        http: `${exampleUpstream([`127.0.0.1:${await freePort()}`])}\n    ${server}`,
      })
      try {
        await expect
          .poll(() => handshakeWith(port).catch(() => undefined), { timeout: 20_000 })
          .toEqual({
            tls: 'TLSv1.3',
            http: 'h2',
          })
      } finally {
        await nginx.stop()
      }
    })
  },
)

describe.runIf(hasNginx && postgresUrl)(
  "three production servers on one PostgreSQL behind Debian's nginx (skipped without nginx — apt-get install nginx — or without TEST_DATABASE_URL)",
  () => {
    const databaseName = randomDatabaseName('portal_nginx')
    const admin = adminPool(postgresUrl as string)
    let servers: RunningServer[] = []
    let nginx: Awaited<ReturnType<typeof startNginx>>

    beforeAll(async () => {
      await admin.query(`CREATE DATABASE ${databaseName}`)
      const ports = await Promise.all([freePort(), freePort(), freePort()])
      const env = {
        DATABASE_URL: withDatabase(postgresUrl as string, databaseName),
        SESSION_SECRET: randomBytes(32).toString('hex'),
        TRUST_PROXY: '127.0.0.1',
      }
      servers = await Promise.all(ports.map((port) => startServer({ port, env })))
      nginx = await startNginx(ports)
    }, 120_000)
    afterAll(async () => {
      await nginx?.stop()
      await Promise.all(servers.map((server) => server.stop()))
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`)
      await admin.end()
    })

    test('a patient books through nginx, and every server sees the slot taken', async () => {
      const from = randomLoopback()
      const account = await registerViaApi(nginx.url, newAccount())
      const login = await call(`${nginx.url}/api/auth/login`, { method: 'POST', body: account, from })
      expect(login.status).toBe(200)
      const jwt = await call(`${nginx.url}/api/jwt?email=${encodeURIComponent(account.email)}`, {
        method: 'GET',
        cookie: login.session ?? '',
        from,
      })
      const authorization = `Bearer ${(jwt.body as { token: string }).token}`
      const calendar = (await call(`${nginx.url}/api/clinicCalendar`, { method: 'GET', from })).body
      const date = openDayAfter(calendar as ClinicCalendarReply, 2)
      const options = async (url: string) =>
        ((await call(`${url}/api/appOptions?date=${date}`, { method: 'GET', from })).body as AppOptionsReply)
          .options
      const [option] = await options(nginx.url)
      const slot = option?.slots[0] ?? ''
      const booking = await call(`${nginx.url}/api/bookings`, {
        method: 'POST',
        from,
        headers: { authorization },
        body: {
          appointmentDate: date,
          treatmentName: option?.name,
          patientName: account.name,
          slot,
          email: account.email,
          phone: '+880 1700 000000',
          price: option?.price,
        },
      })
      expect(booking.status).toBe(201)
      for (const server of servers) {
        const taken = (await options(server.url)).find(({ name }) => name === option?.name)
        expect(taken?.slots, server.url).not.toContain(slot)
      }
    })

    test("per-address limits count each visitor's own address, whatever X-Forwarded-For it sends", async () => {
      const [visitor, neighbour] = [randomLoopback(), randomLoopback()]
      const failedLogin = (from: string, forged: string) =>
        call(`${nginx.url}/api/auth/login`, {
          method: 'POST',
          from,
          headers: { 'x-forwarded-for': forged },
          body: { email: newAccount().email, password: 'Wrong!pass1' },
        }).then((answer) => answer.status)
      // 20 sign-ins a minute per address (decision 0014), counted across the three servers.
      const statuses = []
      for (let attempt = 0; attempt < 21; attempt++)
        statuses.push(await failedLogin(visitor, `203.0.113.${attempt}`))
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401))
      expect(statuses[20]).toBe(429)
      expect(await failedLogin(neighbour, '203.0.113.250')).toBe(401)
    })
  },
)
