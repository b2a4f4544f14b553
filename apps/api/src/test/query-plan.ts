import { type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../db/client'

/** Ways of reading a table the planner may be barred from (its enable_* settings). */
export type ScanKind = 'seqscan' | 'indexscan'

/**
 * The plans the database chooses for the raw queries `read` sends (`db.execute`, or a named
 * list's statement on PostgreSQL, as readList sends them), EXPLAINed instead of run, with the
 * `barred` ways of reading turned off: which index serves the query, whatever the few rows of a
 * test would make cheapest. `read` gets no rows. The settings end with the transaction, so later
 * queries plan as usual.
 */
export function planOf(
  db: Db,
  read: (db: Db) => Promise<unknown>,
  barred: ScanKind[] = ['seqscan'],
): Promise<string> {
  return db.transaction(async (tx) => {
    for (const kind of barred) await tx.execute(sql.raw(`SET LOCAL enable_${kind} = off`))
    const plans: string[] = []
    const recorded = (rows: { 'QUERY PLAN': string }[]) => {
      plans.push(...rows.map((row) => row['QUERY PLAN']))
      return { rows: [] }
    }
    const explain = async (query: SQL) =>
      recorded(await queryRows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN ${query}`))
    // A named list on PostgreSQL is sent through the session (db/postgres-statements.ts).
    const explainNamed = async ({ sql: text, params }: { sql: string; params: unknown[] }) => {
      const explained = tx._.session.prepareQuery(
        { sql: `EXPLAIN ${text}`, params },
        undefined,
        undefined,
        false,
      )
      return recorded(((await explained.execute()) as { rows: { 'QUERY PLAN': string }[] }).rows)
    }
    const session = new Proxy(tx._.session, {
      get: (target, key) =>
        key === 'prepareQuery'
          ? (query: { sql: string; params: unknown[] }) => ({ execute: () => explainNamed(query) })
          : Reflect.get(target, key, target),
    })
    const explaining = new Proxy(tx, {
      get: (target, key) => {
        if (key === 'execute') return explain
        if (key === '_') return { ...target._, session }
        return Reflect.get(target, key, target)
      },
    })
    await read(explaining)
    return plans.join('\n')
  })
}
