import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import type { DatabaseHandle } from '../db/client'

interface SharedDatabase {
  open(): Promise<DatabaseHandle>
  drop(): Promise<void>
}

interface TwoServers {
  first: FastifyInstance
  second: FastifyInstance
  /** Another server on the same database, e.g. to start one again after its close. */
  start(): Promise<FastifyInstance>
}

/**
 * Two servers on one database, as behind a load balancer, for the tests of a describe block:
 * made by `server` before them; closed, and the database dropped, after them.
 */
export function useTwoServers(
  createShared: () => Promise<SharedDatabase>,
  server: (database: DatabaseHandle) => Promise<FastifyInstance>,
): TwoServers {
  let shared: SharedDatabase | undefined
  const servers = {} as TwoServers
  servers.start = async () => {
    if (!shared) throw new Error('the shared database is made in beforeAll, before the tests')
    return server(await shared.open())
  }
  beforeAll(async () => {
    shared = await createShared()
    servers.first = await servers.start()
    servers.second = await servers.start()
  })
  afterAll(async () => {
    await servers.first?.close()
    await servers.second?.close()
    await shared?.drop()
  })
  return servers
}
