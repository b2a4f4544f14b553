import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type DatabaseHandle, pgliteOptions, wrapPglite } from './client'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = wrapPglite(await PGlite.create(pgliteOptions))
})
afterAll(() => handle.close())

test('queued PGlite queries leave the event loop a turn between them, in the order they were sent', async () => {
  const order: string[] = []
  const queries = [0, 1, 2].map((i) =>
    handle.db.execute(sql`SELECT ${i}::int AS n`).then(() => order.push(`query ${i}`)),
  )
  const otherWork = new Promise<void>((resolve) =>
    setImmediate(() => {
      order.push('other work')
      resolve()
    }),
  )
  await Promise.all([...queries, otherWork])
  expect(order.indexOf('other work')).toBeLessThan(order.indexOf('query 2'))
  expect(order.filter((entry) => entry.startsWith('query'))).toEqual(['query 0', 'query 1', 'query 2'])
})

test('a transaction holds its turn until it ends, and a failed one does not stop the next query', async () => {
  await handle.db.execute(sql`CREATE TABLE visits (n int)`)
  const failing = handle.db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO visits VALUES (1)`)
    throw new Error('changed my mind')
  })
  const after = handle.db.execute(sql`SELECT count(*)::int AS n FROM visits`)
  await expect(failing).rejects.toThrow('changed my mind')
  expect((await after).rows).toEqual([{ n: 0 }])
})
