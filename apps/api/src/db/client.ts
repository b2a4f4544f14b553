import { existsSync } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import type { Channel, OnNotify } from './channels'
import { acquireDataDirLock } from './data-dir-lock'
import { keepDrizzleTypesAsText, withoutTextParsers, withTextTypesKept } from './drizzle-text-types'
import { type NamedStatements, pgliteStatements, useNamedStatements } from './pglite-statements'
import { createPostgresListener } from './postgres-listener'
import * as schema from './schema'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** The database the app runs on: Drizzle over embedded PGlite or a PostgreSQL server. */
export interface DatabaseHandle {
  kind: 'pglite' | 'postgres'
  db: Db
  /**
   * Runs `onNotify` for each announcement on `channel` (the triggers' NOTIFY). This server's own
   * writes are announced before the query that made them returns, on both databases; another
   * server's, on PostgreSQL, within milliseconds (decision 0016).
   */
  listen(channel: Channel, onNotify: OnNotify): Promise<void>
  /** False while announcements may be missed (PostgreSQL's listener is reconnecting): cache nothing. */
  readonly listening: boolean
  /**
   * Runs `work` while no other server on this database runs its own: servers that start at the
   * same moment prepare the database (migrations, seed, first admin) one after the other, and
   * each that waited finds the work done. PGlite has one server by its data directory's lock.
   * On PostgreSQL `work` gets the lock's own connection, without the pool's query timeout: a
   * migration may take longer than a request.
   */
  exclusively<T>(work: (db: Db) => Promise<T>): Promise<T>
  /** The connection pool's state, for metrics; PGlite has no pool. */
  poolUse?: () => PoolUse
  /**
   * PGlite only: its data directory as a tar, copied while no query or transaction runs, and
   * `alongside` run in the same pause, so that files it reads agree with the copy (backups).
   */
  snapshot?<T>(alongside: () => Promise<T>): Promise<{ dataDir: Blob; alongside: T }>
  close(): Promise<void>
}

export interface PoolUse {
  inUse: number
  idle: number
  /** Queries waiting for a connection. */
  waiting: number
}

/** Runs raw SQL on either driver; both answer with `{ rows }`. */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] }
  return result.rows
}

/**
 * How PGlite opens: with the extensions the migrations create (btree_gist in 0001, pg_trgm in
 * 0022: a database that has one cannot be written to without it), and a buffer cache sized for a
 * clinic's data; setting up the default 128 MB took ~100 ms of every start. Its pages come from
 * memory or the system's file cache, never a seeking disk, so a page read by index costs about
 * what a sequential one does: at PostgreSQL's default of 4, the audit log's 51 names by id were
 * planned as two whole scans of the users (4.7 ms a page at a hundred times the data, 1.7 ms at 1.1).
 */
export const pgliteOptions = {
  extensions: { btree_gist, pg_trgm },
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB', '-c', 'random_page_cost=1.1'],
}

export async function openDatabase(options: {
  dataDir: string
  databaseUrl?: string
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl)
  const release = await acquireDataDirLock(options.dataDir)
  try {
    return wrapPglite(await openPgliteDirectory(options.dataDir), release)
  } catch (error) {
    await release()
    throw error
  }
}

/**
 * PGlite's initdb marks its directory as a database (PG_VERSION) before it has finished: a first
 * start killed in that moment left a directory that no later start could open. A new database is
 * made aside and renamed into place only once whole; a half-made one is made again.
 */
async function openPgliteDirectory(dataDir: string): Promise<PGlite> {
  const directory = path.join(dataDir, 'db')
  if (!existsSync(directory)) {
    const aside = path.join(dataDir, 'db.initializing')
    await rm(aside, { recursive: true, force: true })
    await (await PGlite.create(aside, pgliteOptions)).close()
    await rename(aside, directory)
  }
  return PGlite.create(directory, pgliteOptions)
}

export function wrapPglite(client: PGlite, onClose: () => Promise<void> = async () => {}): DatabaseHandle {
  keepDrizzleTypesAsText(client)
  const statements = pgliteStatements(client)
  const { gated, inTurn } = takeTurns(client, statements)
  const db = drizzlePglite({ client: gated, schema }) as unknown as Db
  useNamedStatements(db, statements)
  return {
    kind: 'pglite',
    db,
    async listen(channel, onNotify) {
      await client.listen(channel, (payload) => onNotify(payload ?? ''))
    },
    listening: true,
    exclusively: (work) => work(db),
    snapshot: (alongside) =>
      inTurn(async () => {
        // Written out first, the copy opens without replaying the write-ahead log.
        await client.exec('CHECKPOINT')
        return { dataDir: await client.dumpDataDir('none'), alongside: await alongside() }
      }),
    async close() {
      await client.close()
      await onClose()
    },
  }
}

/** How long queued PGlite queries may run back to back before the event loop gets a turn. */
const QUERY_SLICE_MS = 5

/**
 * PGlite runs every query on the main thread. Queued queries would otherwise run back to back
 * within one event-loop turn, and during a rush of bookings no connection was accepted and no
 * request read for hundreds of milliseconds. Here queries (and transactions) run one at a time
 * for a slice of a few milliseconds, then wait for the next turn, so the server keeps reading
 * requests in between (decision 0012).
 */
function takeTurns(client: PGlite, statements: NamedStatements) {
  let previous: Promise<unknown> = Promise.resolve()
  let sliceEnds = 0
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const turn = previous.then(async () => {
      if (performance.now() >= sliceEnds) {
        await nextTurn()
        sliceEnds = performance.now() + QUERY_SLICE_MS
      }
      return run()
    })
    previous = turn.catch(() => {})
    return turn
  }
  const gated = {
    query: (...[query, params, options]: Parameters<PGlite['query']>) =>
      inTurn(() => statements.query(query, params, withoutTextParsers(options))),
    exec: (...args: Parameters<PGlite['exec']>) => inTurn(() => client.exec(...args)),
    transaction: (...[work]: Parameters<PGlite['transaction']>) =>
      inTurn(() => client.transaction((tx) => work(withTextTypesKept(tx, statements.inTransaction(tx))))),
  }
  const proxy = new Proxy(client, {
    get(target, key) {
      if (key in gated) return gated[key as keyof typeof gated]
      const value = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { gated: proxy, inTurn }
}

/** The advisory lock key of preparing the database at start (any number no other lock uses). */
const PREPARE_LOCK = 724_000

/** The PostgreSQL driver is loaded only when used, to keep the embedded start fast. */
export async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ])
  const listener = createPostgresListener(pg.Client, connectionString)
  const exclusively = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
    const holder = new pg.Client({ connectionString })
    await holder.connect()
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [PREPARE_LOCK])
      return await work(drizzlePg({ client: holder, schema }) as unknown as Db)
    } finally {
      await holder.end()
    }
  }
  // Each new connection LISTENs before the pool hands it out (pg-pool awaits `onConnect`).
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // With the database unreachable or silent a request fails within about 2 s (503), never
    // hangs. Our queries take milliseconds; migrations run on a connection without this limit.
    connectionTimeoutMillis: 2_000,
    query_timeout: 2_000,
    onConnect: (client) => listener.attach(client),
  })
  // An idle client losing its connection must not crash the server; the next query reconnects.
  pool.on('error', () => {})
  return {
    kind: 'postgres',
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    listen: listener.listen,
    get listening() {
      return listener.listening
    },
    exclusively,
    poolUse: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async close() {
      await listener.close()
      await pool.end()
    },
  }
}
