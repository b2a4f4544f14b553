import { randomBytes } from 'node:crypto'
import pg from 'pg'

const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres'

/** A client to make and drop databases with; null, having said so, when no server answers. */
async function connectToServer() {
  const admin = new pg.Client({ connectionString: serverUrl })
  try {
    await admin.connect()
    return admin
  } catch {
    console.log(`No PostgreSQL at ${serverUrl}: the PostgreSQL runs are skipped.`)
    return null
  }
}

const databaseUrl = (name) => {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/**
 * Runs `scenario(databaseUrl)` on a fresh database of the PostgreSQL server at BENCH_DATABASE_URL
 * (or TEST_DATABASE_URL, or 127.0.0.1:5432) and drops it afterwards. Without a server it says so
 * and returns no rows.
 */
export async function withPostgresDatabase(scenario) {
  const admin = await connectToServer()
  if (!admin) return []
  const name = `portal_bench_${randomBytes(6).toString('hex')}`
  await admin.query(`CREATE DATABASE ${name}`)
  try {
    return await scenario(databaseUrl(name))
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  }
}

const READY = 'doctors-portal bench data, complete'

/**
 * Runs `scenario(databaseUrl)` on the database `name`, made by `build(databaseUrl)` the first
 * time and kept for later runs (its comment marks it complete; one left half-made is made again).
 * Databases of other names made this way (another schema or day) are dropped. Without a server
 * it says so and returns no rows.
 */
export async function withCachedPostgresDatabase(name, build, scenario) {
  const admin = await connectToServer()
  if (!admin) return []
  try {
    const { rows } = await admin.query(
      `SELECT datname AS name, shobj_description(oid, 'pg_database') = $1 AS ready FROM pg_database
       WHERE datname LIKE 'portal_scale_%'`,
      [READY],
    )
    for (const other of rows.filter((row) => row.name !== name || !row.ready))
      await admin.query(`DROP DATABASE ${other.name} WITH (FORCE)`)
    if (!rows.some((row) => row.name === name && row.ready)) {
      await admin.query(`CREATE DATABASE ${name}`)
      await build(databaseUrl(name))
      await admin.query(`COMMENT ON DATABASE ${name} IS '${READY}'`)
    }
  } finally {
    await admin.end()
  }
  return scenario(databaseUrl(name))
}
