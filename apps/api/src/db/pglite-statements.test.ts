import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { pgliteOptions } from './client'
import { type NamedStatements, pgliteStatements } from './pglite-statements'

let client: PGlite
let statements: NamedStatements
beforeAll(async () => {
  client = await PGlite.create(pgliteOptions)
  statements = pgliteStatements(client)
  await client.exec(
    `CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL, at timestamptz NOT NULL DEFAULT now())`,
  )
})
afterAll(() => client.close())

// Inside a transaction, counted by the transaction: the client waits for it to end.
const namedCount = async (fragment: string, by: Pick<PGlite, 'query'> = client) => {
  const { rows } = await by.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE $1`,
    [`%${fragment}%`],
  )
  return rows[0]?.n
}

test("a query answers as PGlite's own query does, rows, fields and affected rows, and its text is named at its second run", async () => {
  const inserted = await statements.query(`INSERT INTO notes (body) VALUES ($1), ($2) RETURNING id, body`, [
    'first',
    'second',
  ])
  expect(inserted).toMatchObject({
    rows: [
      { id: 1, body: 'first' },
      { id: 2, body: 'second' },
    ],
    affectedRows: 2,
  })
  const cases: [string, unknown[], object?][] = [
    [`SELECT id, body, $2::int + 1 AS next FROM notes WHERE body = $1`, ['first', 41]],
    [`SELECT id, body FROM notes ORDER BY id`, [], { rowMode: 'array' }],
    [`UPDATE notes SET body = body || $1 WHERE id > $2`, ['', 0]],
    [`UPDATE notes SET body = $1 WHERE id = $2 RETURNING body`, ['first!', 1]],
    [`SELECT body FROM notes WHERE id = $1`, [999]],
  ]
  for (const [text, params, options] of cases) {
    const first = await statements.query(text, params, options)
    const named = await statements.query(text, params, options)
    expect(named).toEqual(first)
    const unnamed = await client.query(text, params, options)
    expect(named).toEqual(unnamed)
  }
  expect(await namedCount('SELECT id, body FROM notes ORDER BY id')).toBe(1)
  await statements.query(`SELECT id, body FROM notes ORDER BY id`)
  expect(await namedCount('SELECT id, body FROM notes ORDER BY id')).toBe(1)
})

test('a failed named query rejects with the database error and leaves the next query working', async () => {
  const divide = (by: number) => statements.query(`SELECT 1 / $1::int AS quotient`, [by])
  await divide(1)
  await divide(1)
  expect(await namedCount('SELECT 1 / $1::int')).toBe(1)
  await expect(divide(0)).rejects.toMatchObject({ code: '22012', message: 'division by zero' })
  expect((await divide(1)).rows).toEqual([{ quotient: 1 }])
})

test('a named query, failed or not, is one call into PGlite: its messages and the Sync in one buffer', async () => {
  const lookup = (id: number) => statements.query(`SELECT body FROM notes WHERE id = $1::int`, [id])
  await lookup(1)
  await lookup(1)
  const calls = vi.spyOn(client, 'execProtocol')
  try {
    expect((await lookup(2)).rows).toHaveLength(1)
    await expect(statements.query(`SELECT 1 / $1::int AS quotient`, [0])).rejects.toMatchObject({
      code: '22012',
    })
    expect(calls).toHaveBeenCalledTimes(2)
  } finally {
    calls.mockRestore()
  }
})

test('after its table changed, a named text answers with the new columns', async () => {
  await client.exec(`CREATE TABLE changing (id int); INSERT INTO changing VALUES (1)`)
  const read = () => statements.query(`SELECT * FROM changing`)
  await read()
  expect((await read()).rows).toEqual([{ id: 1 }])
  expect(await namedCount('FROM changing')).toBe(1)
  await client.exec(`ALTER TABLE changing ADD COLUMN label text DEFAULT 'added'`)
  expect((await read()).rows).toEqual([{ id: 1, label: 'added' }])
})

test('a text planned per read is never named', async () => {
  statements.planEveryRead(`SELECT body FROM notes WHERE body LIKE $1`)
  const { rows } = await statements.query(`SELECT body FROM notes WHERE body LIKE $1`, ['first%'])
  expect(rows).toEqual([{ body: 'first!' }])
  expect(await namedCount('WHERE body LIKE')).toBe(0)
})

test('a text named after another was forgotten gets a name of its own', async () => {
  const own = await PGlite.create(pgliteOptions)
  const ownStatements = pgliteStatements(own)
  await own.exec(`CREATE TABLE first (id int); CREATE TABLE second (id int); INSERT INTO second VALUES (2)`)
  const twice = async (text: string) => {
    await ownStatements.query(text)
    return ownStatements.query(text)
  }
  await twice(`SELECT * FROM first`)
  await twice(`SELECT id FROM second`)
  await own.exec(`ALTER TABLE first ADD COLUMN label text`)
  await ownStatements.query(`SELECT * FROM first`)
  expect((await twice(`SELECT id + 1 AS next FROM second`)).rows).toEqual([{ next: 3 }])
  expect((await ownStatements.query(`SELECT id FROM second`)).rows).toEqual([{ id: 2 }])
  await own.close()
})

test("in a transaction a text is named at its second run and answers as the transaction's own query", async () => {
  const text = `SELECT id, body FROM notes WHERE id = $1 AND body IS NOT NULL`
  await client.transaction(async (tx) => {
    const query = statements.inTransaction(tx)
    await query(text, [1])
    expect(await namedCount('body IS NOT NULL', tx)).toBe(0)
    const named = await query(text, [1])
    expect(await namedCount('body IS NOT NULL', tx)).toBe(1)
    expect(named).toEqual(await tx.query(text, [1]))
  })
})

test('a failed named query in a transaction rejects with the database error and nothing of it stays', async () => {
  const tenth = `SELECT 10 / $1::int AS tenth`
  const insert = `INSERT INTO notes (body) VALUES ($1) RETURNING id`
  await statements.query(tenth, [1])
  await statements.query(`SELECT count(*)::int AS n FROM notes WHERE body = $1`, ['rolled back'])
  const transaction = client.transaction(async (tx) => {
    const query = statements.inTransaction(tx)
    await query(insert, ['rolled back'])
    await query(insert, ['rolled back'])
    await query(tenth, [0])
  })
  await expect(transaction).rejects.toMatchObject({ code: '22012', message: 'division by zero' })
  const { rows } = await statements.query(`SELECT count(*)::int AS n FROM notes WHERE body = $1`, [
    'rolled back',
  ])
  expect(rows).toEqual([{ n: 0 }])
  expect((await statements.query(tenth, [5])).rows).toEqual([{ tenth: 2 }])
  // Named inside the transaction, the insert's statement outlives its rollback.
  expect(await namedCount('INSERT INTO notes (body) VALUES ($1) RETURNING id')).toBe(1)
  expect((await statements.query(insert, ['after the rollback'])).rows).toHaveLength(1)
})
