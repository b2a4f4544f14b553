import { type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../db/client'

/** Ways of reading a table the planner may be barred from (its enable_* settings). */
export type ScanKind = 'seqscan' | 'indexscan'

/**
 * The plans the database chooses for the raw queries `read` sends (`db.execute`, as readList
 * does), EXPLAINed instead of run, with the `barred` ways of reading turned off: which index
 * serves the query, whatever the few rows of a test would make cheapest. `read` gets no rows.
 * The settings end with the transaction, so later queries plan as usual.
 */
export function planOf(
  db: Db,
  read: (db: Db) => Promise<unknown>,
  barred: ScanKind[] = ['seqscan'],
): Promise<string> {
  return db.transaction(async (tx) => {
    for (const kind of barred) await tx.execute(sql.raw(`SET LOCAL enable_${kind} = off`))
    const plans: string[] = []
    const explain = async (query: SQL) => {
      const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN ${query}`)
      plans.push(...rows.map((row) => row['QUERY PLAN']))
      return { rows: [] }
    }
    const explaining = new Proxy(tx, {
      get: (target, key) => (key === 'execute' ? explain : Reflect.get(target, key, target)),
    })
    await read(explaining)
    return plans.join('\n')
  })
}
