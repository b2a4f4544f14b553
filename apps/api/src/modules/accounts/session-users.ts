import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { DatabaseHandle, Db } from '../../db/client'
import { sessions, users } from '../../db/schema'
import type { AccessTokenSubject } from './access-token'
import type { CurrentUser } from './authenticate'

type Subject = Pick<AccessTokenSubject, 'id' | 'sessionId'>

/** Who holds a live session: read for every authenticated request. */
export interface SessionUsers {
  /** The account behind a session that is neither revoked nor expired, else undefined. */
  find(subject: Subject): Promise<CurrentUser | undefined>
}

/** Sessions held in memory at most; far more than are in use at once. */
const REMEMBERED_SESSIONS = 10_000
/** Sessions asked for in one query at most. */
const BATCH_SIZE = 500

interface SessionUser {
  user: CurrentUser
  /** When the session expires, epoch ms. */
  expires: number
}

/** The live sessions among `sessionIds`, each with its account. */
async function readSessionUsers(db: Db, sessionIds: string[]): Promise<Map<string, SessionUser>> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      user: { id: users.id, email: users.email, name: users.name, role: users.role },
      expires: sessions.expiresAt,
    })
    .from(users)
    .innerJoin(sessions, eq(sessions.userId, users.id))
    .where(
      and(inArray(sessions.id, sessionIds), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)),
    )
  return new Map(
    rows.map((row) => [row.sessionId, { user: Object.freeze(row.user), expires: row.expires.getTime() }]),
  )
}

interface Waiting {
  subject: Subject
  answer: (found: SessionUser | undefined) => void
  fail: (error: unknown) => void
}

/**
 * Lookups asked for while a query runs are answered together by the next one: when many patients
 * arrive at once (a booking rush), one query serves them all instead of one query each.
 */
function batched(read: (sessionIds: string[]) => Promise<Map<string, SessionUser>>) {
  const waiting: Waiting[] = []
  let reading = false

  async function readWaiting() {
    reading = true
    while (waiting.length > 0) {
      const batch = waiting.splice(0, BATCH_SIZE)
      try {
        const found = await read([...new Set(batch.map((w) => w.subject.sessionId))])
        for (const { subject, answer } of batch) {
          const entry = found.get(subject.sessionId)
          answer(entry?.user.id === subject.id ? entry : undefined)
        }
      } catch (error) {
        for (const { fail } of batch) fail(error)
      }
    }
    reading = false
  }

  return (subject: Subject) =>
    new Promise<SessionUser | undefined>((answer, fail) => {
      waiting.push({ subject, answer, fail })
      if (!reading) void readWaiting()
    })
}

/**
 * On PostgreSQL every request asks the database: other servers may revoke a session at any time.
 * On PGlite this process is the only writer, and the database announces every change to accounts
 * and sessions when it commits (trigger and NOTIFY, migration 0002), before the writing query
 * returns. So the answers are kept and all forgotten on that signal: a revoked session or a
 * demoted admin loses access as soon as the change is made, and a request costs one query less.
 */
export async function createSessionUsers(database: DatabaseHandle): Promise<SessionUsers> {
  const { db, listen } = database
  if (!listen) {
    const lookup = batched((sessionIds) => readSessionUsers(db, sessionIds))
    return { find: async (subject) => (await lookup(subject))?.user }
  }

  const known = new Map<string, SessionUser>()
  // Bumped by every change, so that an answer read before a change is not kept after it.
  let generation = 0
  await listen('auth_changed', () => {
    generation++
    known.clear()
  })
  const lookup = batched(async (sessionIds) => {
    const readAt = generation
    const found = await readSessionUsers(db, sessionIds)
    if (readAt === generation) {
      if (known.size + found.size > REMEMBERED_SESSIONS) known.clear()
      for (const [sessionId, entry] of found) known.set(sessionId, entry)
    }
    return found
  })

  return {
    async find(subject) {
      const entry = known.get(subject.sessionId)
      if (entry && entry.user.id === subject.id && Date.now() < entry.expires) return entry.user
      return (await lookup(subject))?.user
    },
  }
}
