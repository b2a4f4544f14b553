import type { Db } from './client'

interface Preparable<Prepared> {
  prepare(name: string): Prepared
}

/**
 * A query of fixed shape, built by Drizzle once per database, then only run with its values
 * (`sql.placeholder`). Drizzle builds a query's SQL text from its builder at every call: about a
 * tenth of the server's CPU time per card payment went to that (decision 0056). The name is
 * PostgreSQL's prepared statement on each pooled connection; on PGlite every repeated text is
 * named anyway (pglite-statements.ts). Placeholders pass their values to the driver as given,
 * without the column's mapping: use them for ids, texts and numbers.
 */
export function preparedQuery<Prepared>(
  name: string,
  build: (db: Db) => Preparable<Prepared>,
): (db: Db) => Prepared {
  const preparedByDb = new WeakMap<Db, Prepared>()
  return (db) => {
    let prepared = preparedByDb.get(db)
    if (!prepared) {
      prepared = build(db).prepare(name)
      preparedByDb.set(db, prepared)
    }
    return prepared
  }
}
