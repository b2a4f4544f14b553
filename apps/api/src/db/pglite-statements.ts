import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite'

/** Statement texts come from code, so their number is small; past this they run unnamed. */
const MOST_STATEMENTS = 200
/** How many texts run once are remembered, to name them at their second run. */
const MOST_SEEN = 2_000

/** SQLSTATE of "cached plan must not change result type": a table changed under a named statement. */
const RESULT_TYPE_CHANGED = '0A000'

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number]

interface Statement {
  name: string
  parameterTypes: number[]
  /** The RowDescription of its result, or nothing for a statement that returns no rows. */
  rowDescription: BackendMessage[]
}

/** PGlite's `query`, with every text named; `planEveryRead` names a text that must not be. */
export interface NamedStatements {
  query: PGlite['query']
  /** The same, for the queries of an open transaction. */
  inTransaction(tx: Transaction): PGlite['query']
  planEveryRead(text: string): void
}

// Keyed by the Drizzle database object (client.ts's Db), which imports this file.
const statementsByDb = new WeakMap<object, NamedStatements>()

/** The named statements of a PGlite database; none for PostgreSQL or a transaction. */
export const namedStatementsOf = (db: object): NamedStatements | undefined => statementsByDb.get(db)

export function useNamedStatements(db: object, statements: NamedStatements): void {
  statementsByDb.set(db, statements)
}

/**
 * Runs each query as a named statement: parsed, analyzed and described once
 * per text (at its second run), then only bound and executed. PGlite's `query` parses and describes every query anew,
 * and PostgreSQL plans an unnamed statement at every run: ~1 ms for a three-table lookup by id
 * against ~0.15 ms named (decisions 0050, 0055). PostgreSQL keeps a named statement's generic plan only
 * once it costs no more than the custom ones (plan_cache_mode auto), and re-plans it after a
 * change of the tables it reads. A text whose best plan hangs on its values (a search pattern)
 * is given to `planEveryRead` and runs unnamed, as do queries with options this path does not
 * handle. The answer is PGlite's own: its parsers, its result shape, its errors' SQLSTATE.
 * The caller runs `query` in the database's turn with no transaction open, and `inTransaction`'s
 * within its transaction (takeTurns): one query at a time either way.
 */
export function pgliteStatements(client: PGlite): NamedStatements {
  const statements = new Map<string, Statement>()
  const plannedPerRead = new Set<string>()
  // A text is named at its second run: the start's one-off statements (seed, checks) take no slot.
  const seenOnce = new Set<string>()
  // Counted, not the map's size: once a statement is forgotten, size + 1 can be a name still in use.
  let namesGiven = 0
  const worthNaming = (text: string) => {
    if (seenOnce.has(text)) return statements.size < MOST_STATEMENTS
    if (seenOnce.size < MOST_SEEN) seenOnce.add(text)
    return false
  }

  const prepare = async (text: string): Promise<Statement> => {
    namesGiven += 1
    const name = `s${namesGiven}`
    const described = await runMessages(client, [
      protocol.serialize.parse({ name, text }),
      protocol.serialize.describe({ type: 'S', name }),
    ])
    const parameters = described.find(
      (message) => message instanceof protocol.messages.ParameterDescriptionMessage,
    )
    const statement = {
      name,
      parameterTypes: parameters?.dataTypeIDs ?? [],
      rowDescription: described.filter(
        (message) => message instanceof protocol.messages.RowDescriptionMessage,
      ),
    }
    statements.set(text, statement)
    return statement
  }

  const execute = async <T>(
    statement: Statement,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ) => {
    const values = params.map((value, index) => serialize(client, value, statement.parameterTypes[index]))
    const answer = await runMessages(client, [
      protocol.serialize.bind({ statement: statement.name, values }),
      protocol.serialize.execute({}),
    ])
    // Not inside a transaction, as PGlite's own query: its files are synced once it is over.
    if (!inTransaction) await client.syncToFs()
    const [result] = parse.parseResults(
      [...statement.rowDescription, ...answer],
      client.parsers,
      options,
    ) as Results<T>[]
    return result ?? { rows: [], fields: [] }
  }

  const run = async <T>(
    text: string,
    params: unknown[] = [],
    options: QueryOptions | undefined,
    transaction?: Transaction,
  ): Promise<Results<T>> => {
    const unnamed = () => (transaction ?? client).query<T>(text, params, options)
    const nameable = !options?.blob && !options?.paramTypes && !plannedPerRead.has(text)
    const statement =
      statements.get(text) ?? (nameable && worthNaming(text) ? await prepare(text) : undefined)
    if (!statement) return unnamed()
    try {
      return await execute<T>(statement, params, options, transaction !== undefined)
    } catch (error) {
      if ((error as { code?: unknown }).code !== RESULT_TYPE_CHANGED) throw error
      // A test or an operator altered a table this text reads: forget the statement, run it anew.
      statements.delete(text)
      // The failure aborted the transaction, which the caller rolls back; the old statement
      // stays in the session unused (names are never reused).
      if (transaction) throw error
      await runMessages(client, [protocol.serialize.close({ type: 'S', name: statement.name })])
      return unnamed()
    }
  }

  return {
    query: (text, params, options) => run(text, params, options),
    inTransaction: (tx) => (text, params, options) => run(text, params, options, tx),
    planEveryRead: (text) => plannedPerRead.add(text),
  }
}

/**
 * Sends the messages and a Sync in one call, as one buffer: PostgreSQL reads them in order, and
 * after an error skips to the Sync, which ends the exchange either way. One call into PGlite
 * rather than one per message: about a fifth less per statement for a lookup by id (decision 0070).
 */
async function runMessages(client: PGlite, messages: Uint8Array[]): Promise<BackendMessage[]> {
  const buffer = Buffer.concat([...messages, protocol.serialize.sync()])
  return client.runExclusive(async () => (await client.execProtocol(buffer, { syncToFs: false })).messages)
}

function serialize(client: PGlite, value: unknown, type: number | undefined): string | null {
  if (value === null || value === undefined) return null
  const serializer = type === undefined ? undefined : client.serializers[type]
  return serializer ? serializer(value) : String(value)
}
