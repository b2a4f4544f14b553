const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** The same pattern for SQL's `~`, where a query must tell an id from other text itself. */
export const UUID_PATTERN = UUID.source
/**
 * Ids are uuids, in lower case as the database writes them and the shared Id schema reads them;
 * anything else is checked before it reaches a uuid column (which would throw). An id in capitals
 * here came past no Id schema: it is treated as no id rather than as a second spelling of one
 * that a text comparison would miss.
 */
export const isUuid = (value: string) => UUID.test(value)

/** The row an id names, or undefined for text that names none (never sent to a uuid column). */
export async function findById<T>(
  id: string,
  find: (id: string) => Promise<T | undefined>,
): Promise<T | undefined> {
  return isUuid(id) ? find(id) : undefined
}

/**
 * The caller's own row: no row, or another account's, answers alike with `notFound` (404, never
 * 403), so that nobody learns which ids exist. `adminMaySee` lets an admin read any.
 */
export function ownRow<T extends { userId: string }>(
  row: T | undefined,
  caller: { id: string; role: string },
  notFound: () => Error,
  { adminMaySee = false } = {},
): T {
  if (!row || (row.userId !== caller.id && !(adminMaySee && caller.role === 'admin'))) throw notFound()
  return row
}
