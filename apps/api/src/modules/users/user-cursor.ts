import { isDateString } from '@shared/clinic-time'
import { USER_MESSAGES } from '@shared/users'
import { AppError } from '../../errors'
import { isUuid } from '../../lib/ids'

/** Where a page of users ends: the last row's creation time (to the microsecond, UTC) and id. */
export interface UserCursor {
  createdAt: string
  id: string
}

// What the list's query writes (to_char in repository.ts), so that it casts back exactly.
const CREATED_AT = /^(\d{4}-\d{2}-\d{2})T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z$/

/** Of that shape and a real instant: PostgreSQL cannot cast month 13 or 99:99. */
function isCreatedAt(text: string): boolean {
  const match = CREATED_AT.exec(text)
  return Boolean(match?.[1] && isDateString(match[1]))
}

/** Opaque to the client: base64url, so that it can go in a query string as it is. */
export const encodeCursor = (cursor: UserCursor): string =>
  Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url')

/** A cursor this server did not write is refused before it reaches a cast in SQL (which would throw). */
export function decodeCursor(text: string): UserCursor {
  const [createdAt = '', id = '', ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|')
  if (rest.length > 0 || !isCreatedAt(createdAt) || !isUuid(id)) {
    throw new AppError('VALIDATION', USER_MESSAGES.badCursor)
  }
  return { createdAt, id }
}
