import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { DatabaseHandle, Db } from '../../db/client'
import { sessions, users } from '../../db/schema'
import type { AccessTokenSubject } from './access-token'
import type { CurrentUser } from './authenticate'

/** Who holds a live session: read for every authenticated request. */
export interface SessionUsers {
  /** The account behind a session that is neither revoked nor expired, else undefined. */
  find(subject: Pick<AccessTokenSubject, 'id' | 'sessionId'>): Promise<CurrentUser | undefined>
}

/** Sessions held in memory at most; far more than are in use at once. */
const REMEMBERED_SESSIONS = 10_000

interface SessionUser {
  user: CurrentUser
  /** When the session expires, epoch ms. */
  expires: number
}

async function readSessionUser(
  db: Db,
  subject: Pick<AccessTokenSubject, 'id' | 'sessionId'>,
): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({
      user: { id: users.id, email: users.email, name: users.name, role: users.role },
      expires: sessions.expiresAt,
    })
    .from(users)
    .innerJoin(sessions, eq(sessions.userId, users.id))
    .where(
      and(
        eq(users.id, subject.id),
        eq(sessions.id, subject.sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
  return row && { user: Object.freeze(row.user), expires: row.expires.getTime() }
}

/**
 * On PostgreSQL every request asks the database: other servers may revoke a session at any time.
 * On PGlite this process is the only writer, and the database announces every change to accounts
 * and sessions when it commits (trigger and NOTIFY, migration 0002), before the writing query
 * returns. So the answers are kept and all forgotten on that signal: a revoked session or a
 * demoted admin loses access as soon as the change is made, and a request costs one query less.
 */
export async function createSessionUsers(database: DatabaseHandle): Promise<SessionUsers> {
  const { db } = database
  if (!database.listen) return { find: async (subject) => (await readSessionUser(db, subject))?.user }

  const known = new Map<string, SessionUser>()
  // Bumped by every change, so that an answer read before a change is not kept after it.
  let generation = 0
  await database.listen('auth_changed', () => {
    generation++
    known.clear()
  })

  return {
    async find(subject) {
      const entry = known.get(subject.sessionId)
      if (entry && entry.user.id === subject.id && Date.now() < entry.expires) return entry.user
      const readAt = generation
      const read = await readSessionUser(db, subject)
      if (read && readAt === generation) {
        if (known.size >= REMEMBERED_SESSIONS) known.clear()
        known.set(subject.sessionId, read)
      }
      return read?.user
    },
  }
}
