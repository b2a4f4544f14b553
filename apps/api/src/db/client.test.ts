import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type DatabaseHandle, pgliteOptions, queryRows, wrapPglite } from './client'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = wrapPglite(await PGlite.create(pgliteOptions))
})
afterAll(() => handle.close())

test('a long burst of PGlite queries runs in the order sent, and other work gets turns meanwhile', async () => {
  const order: number[] = []
  // Far more than fits in one 5 ms slice, even on a fast machine.
  const queries = Array.from({ length: 2000 }, (_, i) =>
    handle.db.execute(sql`SELECT ${i}::int AS n`).then(() => order.push(i)),
  )
  const doneAtEachTurn: number[] = []
  const otherWork = new Promise<void>((resolve) => {
    const tick = () => {
      doneAtEachTurn.push(order.length)
      if (order.length < queries.length) setImmediate(tick)
      else resolve()
    }
    setImmediate(tick)
  })
  await Promise.all([...queries, otherWork])
  expect(order).toEqual(queries.map((_, i) => i))
  const midBurst = doneAtEachTurn.filter((done) => done > 0 && done < queries.length)
  expect(midBurst.length).toBeGreaterThan(0)
})

test('a transaction holds its turn until it ends, and a failed one does not stop the next query', async () => {
  await handle.db.execute(sql`CREATE TABLE visits (n int)`)
  const failing = handle.db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO visits VALUES (1)`)
    throw new Error('changed my mind')
  })
  const after = queryRows(handle.db, sql`SELECT count(*)::int AS n FROM visits`)
  await expect(failing).rejects.toThrow('changed my mind')
  expect(await after).toEqual([{ n: 0 }])
})

test('on PGlite a NOTIFY reaches its listener before the query that sent it returns', async () => {
  const heard: string[] = []
  await handle.listen('auth_changed', () => heard.push('notified'))
  await handle.db.execute(sql`NOTIFY auth_changed`)
  expect(heard).toEqual(['notified'])
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`NOTIFY auth_changed`)
    expect(heard).toHaveLength(1)
  })
  expect(heard).toHaveLength(2)
})
