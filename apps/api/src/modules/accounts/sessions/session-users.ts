import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { DatabaseHandle, Db } from '../../../db/client'
import { inJsonList } from '../../../db/json-list'
import { sessions, users } from '../../../db/schema'
import { batchWhileBusy } from '../../../lib/batch-while-busy'
import type { AccessTokenSubject } from './access-token'

/** The account behind a live session, as read for each request. */
export interface SessionAccount {
  id: string
  email: string
  name: string
  role: 'patient' | 'admin'
}

type Subject = Pick<AccessTokenSubject, 'id' | 'sessionId'>

/** Who holds a live session: read for every authenticated request. */
export interface SessionUsers {
  /** The account behind a session that is neither revoked nor expired, else undefined. */
  find(subject: Subject): Promise<SessionAccount | undefined>
}

/** Sessions held in memory at most; far more than are in use at once. */
const REMEMBERED_SESSIONS = 10_000

interface SessionUser {
  user: SessionAccount
  /** When the session expires, epoch ms. */
  expires: number
}

/** The live sessions among the subjects', each with its account, by session id. */
async function readSessionUsers(db: Db, subjects: Subject[]): Promise<Map<string, SessionUser>> {
  const sessionIds = [...new Set(subjects.map((subject) => subject.sessionId))]
  const rows = await db
    .select({
      sessionId: sessions.id,
      user: { id: users.id, email: users.email, name: users.name, role: users.role },
      expires: sessions.expiresAt,
    })
    .from(users)
    .innerJoin(sessions, eq(sessions.userId, users.id))
    .where(
      and(
        inJsonList(sessions.id, sessionIds, 'uuid'),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
  return new Map(
    rows.map((row) => [row.sessionId, { user: Object.freeze(row.user), expires: row.expires.getTime() }]),
  )
}

/** Answers each subject in order: its live session's account, or undefined. */
function matchSubjects(subjects: Subject[], found: Map<string, SessionUser>): (SessionUser | undefined)[] {
  return subjects.map((subject) => {
    const entry = found.get(subject.sessionId)
    return entry?.user.id === subject.id ? entry : undefined
  })
}

/**
 * The answers are kept, and all forgotten when the database announces a change to accounts or
 * sessions (triggers and NOTIFY, migrations 0002 and 0005, decision 0016). This server's own
 * change is announced before the query that made it returns, so a revoked session or a demoted
 * admin loses access here at once; another server's within milliseconds. While announcements may
 * go unheard (PostgreSQL's listener reconnecting), every request asks the database.
 */
export async function createSessionUsers(database: DatabaseHandle): Promise<SessionUsers> {
  const { db } = database
  const known = new Map<string, SessionUser>()
  // Bumped by every change, so that an answer read before a change is not kept after it.
  let generation = 0
  await database.listen('auth_changed', () => {
    generation++
    known.clear()
  })
  // Asked for while a query runs, lookups are answered together by the next query.
  const lookup = batchWhileBusy(async (subjects: Subject[]) => {
    const readAt = generation
    const found = await readSessionUsers(db, subjects)
    if (readAt === generation && database.listening) {
      if (known.size + found.size > REMEMBERED_SESSIONS) known.clear()
      for (const [sessionId, entry] of found) known.set(sessionId, entry)
    }
    return matchSubjects(subjects, found)
  })

  return {
    async find(subject) {
      const entry = database.listening ? known.get(subject.sessionId) : undefined
      if (entry && entry.user.id === subject.id && Date.now() < entry.expires) return entry.user
      return (await lookup(subject))?.user
    },
  }
}
