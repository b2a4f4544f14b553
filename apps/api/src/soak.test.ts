import { randomBytes } from 'node:crypto'
import { afterAll, expect, test } from 'vitest'
import { rssMegabytes } from '../../../bench/lib/processes.mjs'
import { newDataDir, removeDataDirs, startPortal } from '../../../bench/lib/servers.mjs'
import { describeSoak, runSoak } from '../../../bench/lib/soak.mjs'
import { createSharedPostgresDatabase, testDatabaseKind } from './test/test-database'

// The soak of ARCHITECTURE section 6 on the production build: 60 s in `npm test`, the full
// 5 minutes in `npm run test:long` (SOAK_SECONDS=300).
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60)
const ADMIN = { email: 'soak-admin@example.test', password: 'Soak#2026admin' }

let drop: (() => Promise<void>) | undefined
afterAll(async () => {
  await drop?.()
  await removeDataDirs()
})

test(
  `20 clients for ${SECONDS} s of mixed traffic: no 5xx, no double booking, memory flat`,
  async () => {
    const env: Record<string, string> = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }
    if (testDatabaseKind === 'postgres') {
      const shared = await createSharedPostgresDatabase()
      drop = shared.drop
      Object.assign(env, { DATABASE_URL: shared.url, SESSION_SECRET: randomBytes(32).toString('hex') })
    }
    const dataDir = await newDataDir()
    // A first start's initdb leaves PGlite's memory large; the server measured runs on existing data.
    await (await startPortal({ dataDir, env })).stop()
    const server = await startPortal({ dataDir, env })
    try {
      const report = await runSoak({
        url: server.url,
        admin: ADMIN,
        durationMs: SECONDS * 1000,
        rss: () => rssMegabytes(server.pid),
        label: `soak-${testDatabaseKind}`,
      })
      console.log(`${testDatabaseKind} ${describeSoak(report)}`)
      expect(report.requests).toBeGreaterThan(0)
      expect({
        serverErrors: report.serverErrors,
        failedRequests: report.networkErrors,
        doubleBookings: report.doubleBookings,
        lost: report.lost,
        revived: report.revived,
      }).toEqual({ serverErrors: 0, failedRequests: 0, doubleBookings: 0, lost: 0, revived: 0 })
      // The budget's growth is over the last 4 of 5 minutes; in 60 s the heap is still warming up
      // (PostgreSQL: 167 → 190 MB after 12 s), so the short run prints it and the long one judges it.
      // On PostgreSQL RSS growth is judged. On PGlite it is printed, not judged: RSS follows V8's reserved heap, which swings
      // 70-180 MB between full collections while the heap left after them stays near 55 MB (CI once
      // +24 %, here -7 % with its 95th percentile at 342 MB). What a leak would move is judged: the
      // embedded database's memory (outside V8's heap; WebAssembly memory never shrinks).
      if (SECONDS >= 300 && testDatabaseKind === 'pglite') expect(report.external?.growth).toBeLessThan(0.1)
      if (SECONDS >= 300 && testDatabaseKind === 'postgres') expect(report.rss.growth).toBeLessThan(0.1)
      // The 400 MB budget is the level the server holds once warm (95th percentile of the 2-s
      // samples after the first fifth), judged in both runs since the allocator gives large
      // blocks back (decision 0039; before it, Node 24's 60-s run once reached 407.5 MB in CI).
      // The peak is printed.
      if (testDatabaseKind === 'pglite') expect(report.rss.high).toBeLessThanOrEqual(400)
    } finally {
      await server.stop()
    }
  },
  (SECONDS + 240) * 1000,
)
