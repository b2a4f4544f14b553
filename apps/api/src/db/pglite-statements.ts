import { type PGlite, protocol } from '@electric-sql/pglite'

/** Statement texts come from code, so their number is small; past this they run unnamed. */
const MOST_STATEMENTS = 200

type BackendMessages = Awaited<ReturnType<PGlite['execProtocol']>>['messages']

/** The first value of a query's first row; undefined when the query was not run (too many texts). */
export type FirstValue = (text: string, params: unknown[]) => Promise<string | null | undefined>

// Keyed by the Drizzle database object (client.ts's Db), which imports this file.
const statementsByDb = new WeakMap<object, FirstValue>()

/** The named-statement reader of a PGlite database; none for PostgreSQL or a transaction. */
export const namedStatementsOf = (db: object): FirstValue | undefined => statementsByDb.get(db)

/** Gives `db` its reader; `run` is how its queries take their turn (takeTurns). */
export function useNamedStatements(
  db: object,
  client: PGlite,
  run: <T>(work: () => Promise<T>) => Promise<T>,
) {
  const firstValue = pgliteStatements(client)
  statementsByDb.set(db, (text, params) => run(() => firstValue(text, params)))
}

interface Statement {
  name: string
  parameterTypes: number[]
}

/**
 * Reads the first column of the first row of a query run as a named statement: parsed, analyzed
 * and described once per text, then only bound and executed. PGlite's `query` parses and
 * describes every query anew, and PostgreSQL plans an unnamed statement at every run; a named one
 * keeps its plan once its generic plan costs no more than the custom ones (plan_cache_mode auto),
 * and is re-planned by PostgreSQL itself after a change of the tables it reads (decision 0050).
 * Parameters are serialized as PGlite's `query` serializes them, by their described types.
 * The caller runs it in the database's turn, with no transaction open (takeTurns).
 */
function pgliteStatements(client: PGlite): FirstValue {
  const statements = new Map<string, Statement>()

  const prepare = async (text: string): Promise<Statement> => {
    const name = `list_${statements.size + 1}`
    const described = await runMessages(client, [
      protocol.serialize.parse({ name, text }),
      protocol.serialize.describe({ type: 'S', name }),
    ])
    const description = described.find(
      (message) => message instanceof protocol.messages.ParameterDescriptionMessage,
    )
    const statement = { name, parameterTypes: description?.dataTypeIDs ?? [] }
    statements.set(text, statement)
    return statement
  }

  return async (text, params) => {
    const statement = statements.get(text) ?? (statements.size < MOST_STATEMENTS ? await prepare(text) : null)
    if (!statement) return undefined
    const values = params.map((value, index) => serialize(client, value, statement.parameterTypes[index]))
    const answer = await runMessages(client, [
      protocol.serialize.bind({ statement: statement.name, values }),
      protocol.serialize.execute({}),
    ])
    const row = answer.find((message) => message instanceof protocol.messages.DataRowMessage)
    return row ? (row.fields[0] ?? null) : null
  }
}

/** Sends the messages, then Sync whatever happened, as PGlite's own `query` does. */
async function runMessages(client: PGlite, messages: Uint8Array[]) {
  return client.runExclusive(async () => {
    const answers: BackendMessages = []
    try {
      for (const message of messages)
        answers.push(...(await client.execProtocol(message, { syncToFs: false })).messages)
    } finally {
      await client.execProtocol(protocol.serialize.sync(), { syncToFs: false })
    }
    return answers
  })
}

function serialize(client: PGlite, value: unknown, type: number | undefined): string | null {
  if (value === null || value === undefined) return null
  const serializer = type === undefined ? undefined : client.serializers[type]
  return serializer ? serializer(value) : String(value)
}
