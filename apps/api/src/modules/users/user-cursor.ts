import { USER_MESSAGES } from '@shared/users'
import { AppError } from '../../errors'
import { isUuid } from '../accounts'

/** Where a page of users ends: the last row's creation time (to the microsecond, UTC) and id. */
export interface UserCursor {
  createdAt: string
  id: string
}

// What the list's query writes (to_char in repository.ts), so that it casts back exactly.
const CREATED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

/** Opaque to the client: base64url, so that it can go in a query string as it is. */
export const encodeCursor = (cursor: UserCursor): string =>
  Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url')

/** A cursor this server did not write is refused before it reaches a cast in SQL (which would throw). */
export function decodeCursor(text: string): UserCursor {
  const [createdAt = '', id = '', ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|')
  if (rest.length > 0 || !CREATED_AT.test(createdAt) || !isUuid(id)) {
    throw new AppError('VALIDATION', 400, USER_MESSAGES.badCursor)
  }
  return { createdAt, id }
}
