import { randomBytes } from 'node:crypto'
import pg from 'pg'

const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres'

/**
 * Runs `scenario(databaseUrl)` on a fresh database of the PostgreSQL server at BENCH_DATABASE_URL
 * (or TEST_DATABASE_URL, or 127.0.0.1:5432) and drops it afterwards. Without a server it says so
 * and returns no rows.
 */
export async function withPostgresDatabase(scenario) {
  const admin = new pg.Client({ connectionString: serverUrl })
  try {
    await admin.connect()
  } catch {
    console.log(`No PostgreSQL at ${serverUrl}: the PostgreSQL runs are skipped.`)
    return []
  }
  const name = `portal_bench_${randomBytes(6).toString('hex')}`
  await admin.query(`CREATE DATABASE ${name}`)
  try {
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    return await scenario(url.toString())
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  }
}
