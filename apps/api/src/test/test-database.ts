import { readFile } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { inject } from 'vitest'
import { type DatabaseHandle, openPostgres, pgliteOptions, wrapPglite } from '../db/client'
import { withDatabase } from './global-setup'
import { adminPool, randomDatabaseName } from './postgres-admin'

export const testDatabaseKind = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite'

/** A fresh database for one test file: a copy of the migrated, seeded template. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind === 'postgres') return createPostgresCopy()
  const dump = await readFile(inject('pgliteTemplatePath'))
  const client = await PGlite.create({ ...pgliteOptions, loadDataDir: new Blob([dump]) })
  return wrapPglite(client)
}

/** An empty database with no migrations applied, to test what a first start does. */
export async function createEmptyTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind === 'postgres') return createPostgresCopy('template0')
  return wrapPglite(await PGlite.create(pgliteOptions))
}

async function createPostgresCopy(template = inject('postgresTemplate')): Promise<DatabaseHandle> {
  const shared = await createSharedPostgresDatabase(template)
  const handle = await shared.open()
  return {
    ...handle,
    get listening() {
      return handle.listening
    },
    async close() {
      await handle.close()
      await shared.drop()
    },
  }
}

/**
 * PostgreSQL only: one fresh database that several servers open, each with its own connections,
 * as servers behind a load balancer do. Drop it after the servers have closed.
 */
export async function createSharedPostgresDatabase(template = inject('postgresTemplate')) {
  const url = process.env.TEST_DATABASE_URL as string
  const name = randomDatabaseName('portal_test')
  const admin = adminPool(url)
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)
  return {
    url: withDatabase(url, name),
    open: () => openPostgres(withDatabase(url, name)),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    },
  }
}

/**
 * One database that servers open and close: on PostgreSQL each with its own connections; PGlite
 * has one connection in one process, which the servers borrow without closing it.
 */
export async function createSharedDatabase(): Promise<{
  open(): Promise<DatabaseHandle>
  drop(): Promise<void>
}> {
  if (testDatabaseKind === 'postgres') return createSharedPostgresDatabase()
  const handle = await createTestDatabase()
  return {
    open: async () => Object.assign(Object.create(handle) as DatabaseHandle, { close: async () => {} }),
    drop: () => handle.close(),
  }
}
