import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { captureMail } from './captured-mail'
import { createTestAppOn } from './test-app'
import { createSharedPostgresDatabase } from './test-database'

export interface ListeningServer {
  app: FastifyInstance
  /** What this server was asked to send. */
  mail: ReturnType<typeof captureMail>
  /** A real HTTP request to this server (fetch), with a JSON body when `json` is given. */
  request(path: string, init?: RequestOptions): Promise<Response>
}

type RequestOptions = Omit<RequestInit, 'headers'> & { headers?: Record<string, string>; json?: unknown }

/**
 * PostgreSQL only: `count` servers on one fresh database, as behind a load balancer at
 * 127.0.0.1 (TRUST_PROXY): each on a port of its own, with its own DATA_DIR (as on a machine of
 * its own), connections, mailer and background jobs; one SESSION_SECRET. `close()` stops them,
 * drops the database and removes the data directories.
 */
export async function startServersOnOneDatabase(count: number, options: { now?: () => Date } = {}) {
  const shared = await createSharedPostgresDatabase()
  const env = { SESSION_SECRET: randomBytes(32).toString('hex'), TRUST_PROXY: '127.0.0.1' }
  const servers: ListeningServer[] = []
  const dataDirs: string[] = []
  const close = async () => {
    await Promise.all(servers.map(({ app }) => app.close()))
    await shared.drop()
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })))
  }
  try {
    for (let n = 0; n < count; n++) {
      const mail = captureMail()
      dataDirs.push(await mkdtemp(path.join(tmpdir(), `portal-server-${n}-`)))
      const app = await createTestAppOn(
        await shared.open(),
        { ...env, DATA_DIR: dataDirs[n] as string },
        { mailer: mail, now: options.now },
      )
      await app.listen({ port: 0, host: '127.0.0.1' })
      servers.push({ app, mail, request: requestTo(app) })
    }
  } catch (error) {
    await close()
    throw error
  }
  return { servers, close }
}

function requestTo(app: FastifyInstance): ListeningServer['request'] {
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  return (path, { json, headers = {}, ...init } = {}) =>
    fetch(
      `${origin}${path}`,
      json === undefined
        ? { ...init, headers }
        : {
            ...init,
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(json),
          },
    )
}
