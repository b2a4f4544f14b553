import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { openPostgres, pgliteOptions, wrapPglite } from '../db/client'
import { runMigrations } from '../db/migrate'
import { seedDemoClinic } from '../db/seed'
import { adminPool, randomDatabaseName } from './postgres-admin'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string
    postgresTemplate: string
  }
}

/**
 * Migrates and seeds one template database per run; each test file then starts from a copy
 * of it (a PGlite data-dir dump, or CREATE DATABASE … TEMPLATE on PostgreSQL) instead of
 * running initdb and the migrations again.
 */
export default async function setup(project: TestProject) {
  if (project.name === 'api:postgres') return setupPostgres(project)
  const client = await PGlite.create(pgliteOptions)
  const handle = wrapPglite(client)
  await runMigrations(handle)
  await seedDemoClinic(handle.db)
  const dump = await client.dumpDataDir('none')
  await handle.close()
  const dir = path.resolve('.test-data')
  await mkdir(dir, { recursive: true })
  const file = path.join(dir, `pglite-template-${process.pid}.tar`)
  await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteTemplatePath', file)
  return async () => {
    const { rm } = await import('node:fs/promises')
    await rm(file, { force: true })
  }
}

async function setupPostgres(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL is required for the api:postgres project')
  const template = randomDatabaseName('portal_template')
  const admin = adminPool(url)
  await admin.query(`CREATE DATABASE ${template}`)
  const handle = await openPostgres(withDatabase(url, template))
  await runMigrations(handle)
  await seedDemoClinic(handle.db)
  await handle.close()
  project.provide('postgresTemplate', template)
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`)
    await admin.end()
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}
