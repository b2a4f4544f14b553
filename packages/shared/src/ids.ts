import { z } from 'zod'

/**
 * An id a client sends, in a path, a query or a body. Ids are uuids and PostgreSQL reads a uuid
 * in any case, so one row has many spellings; lower-cased here, where every route reads its ids,
 * the server only ever holds the one the database writes, and comparing two ids as text is
 * comparing rows (the own id in capitals passed the self checks). Text that is
 * no uuid passes on, to be answered as an unknown id.
 */
export const Id = z.string().max(100, 'This id is not valid.').toLowerCase()
