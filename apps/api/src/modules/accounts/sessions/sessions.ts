import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, ne, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { refreshTokens, sessions, users } from '../../../db/schema'
import type { SessionAccount } from './session-users'

/** A sign-in lasts 30 days at most, however often its refresh token is rotated. */
export const SESSION_DAYS = 30
/** Used refresh tokens are kept this long to recognise their reuse, then pruned. */
const USED_TOKEN_KEEP = sql`interval '1 day'`

/** 32 random bytes; only their SHA-256 is ever stored. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashToken(token) }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export interface IssuedSession {
  sessionId: string
  refreshToken: string
  expiresAt: Date
}

export async function startSession(
  db: Db,
  userId: string,
  userAgent?: string,
  address?: string,
): Promise<IssuedSession> {
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000)
  const { token, hash } = newOpaqueToken()
  return db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({ userId, expiresAt, userAgent: userAgent?.slice(0, 300), address })
      .returning({ id: sessions.id })
    if (!session) throw new Error('session not created')
    await tx.insert(refreshTokens).values({ tokenHash: hash, sessionId: session.id })
    return { sessionId: session.id, refreshToken: token, expiresAt }
  })
}

export type Rotation =
  | { status: 'rotated'; user: SessionAccount & { emailVerifiedAt: Date | null }; session: IssuedSession }
  | { status: 'reused'; user: SessionAccount; sessionId: string }
  | { status: 'invalid' }

/**
 * Spends a refresh token and issues its successor in the same session. A token that was
 * already spent means two parties hold it: the whole session is revoked (OAuth 2.0 Security
 * BCP, refresh token rotation). The row lock makes two concurrent uses count as a reuse too.
 * The session remembers where and when it was last renewed, for the account page's list.
 */
export function rotateSession(db: Db, refreshToken: string, address?: string): Promise<Rotation> {
  return db.transaction(async (tx): Promise<Rotation> => {
    const [row] = await tx
      .select({
        usedAt: refreshTokens.usedAt,
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        live: sql<boolean>`${sessions.revokedAt} IS NULL AND ${sessions.expiresAt} > now()`,
        user: {
          id: users.id,
          email: users.email,
          name: users.name,
          role: users.role,
          emailVerifiedAt: users.emailVerifiedAt,
        },
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
      .for('update', { of: refreshTokens })
    if (!row?.live) return { status: 'invalid' }
    if (row.usedAt) {
      await revokeSessions(tx, eq(sessions.id, row.sessionId))
      return { status: 'reused', user: row.user, sessionId: row.sessionId }
    }
    const next = newOpaqueToken()
    await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
    await tx.insert(refreshTokens).values({ tokenHash: next.hash, sessionId: row.sessionId })
    await tx
      .update(sessions)
      .set({ lastSeenAt: sql`now()`, ...(address ? { address } : {}) })
      .where(eq(sessions.id, row.sessionId))
    await tx
      .delete(refreshTokens)
      .where(
        and(
          eq(refreshTokens.sessionId, row.sessionId),
          lt(refreshTokens.usedAt, sql`now() - ${USED_TOKEN_KEEP}`),
        ),
      )
    return {
      status: 'rotated',
      user: row.user,
      session: { sessionId: row.sessionId, refreshToken: next.token, expiresAt: row.expiresAt },
    }
  })
}

/** Ends the session a refresh token belongs to (spent or not); answers whose it was. */
export async function endSession(
  db: Db,
  refreshToken: string,
): Promise<{ userId: string; email: string } | null> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId, userId: users.id, email: users.email })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(refreshTokens.tokenHash, hashToken(refreshToken)), isNull(sessions.revokedAt)))
  if (!row) return null
  await revokeSessions(db, eq(sessions.id, row.sessionId))
  return { userId: row.userId, email: row.email }
}

/** Ends every session of an account (password reset, account deletion). */
export const endAllSessions = (db: Db, userId: string) => revokeSessions(db, eq(sessions.userId, userId))

/** Ends one of the account's sessions; false when it has no such live session. */
export async function endSessionOf(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const ended = await revokeSessions(db, and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
  return ended > 0
}

/** Ends the account's sessions except the one named ('sign out everywhere else'); answers how many. */
export const endOtherSessions = (db: Db, userId: string, keepSessionId: string) =>
  revokeSessions(db, and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))

export interface LiveSession {
  id: string
  userAgent: string | null
  address: string | null
  lastSeenAt: Date
  createdAt: Date
}

/** The account's sessions that are neither revoked nor expired, most recently used first. */
export function liveSessions(db: Db, userId: string): Promise<LiveSession[]> {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      address: sessions.address,
      lastSeenAt: sessions.lastSeenAt,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
}

async function revokeSessions(db: Db, which: SQL | undefined): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(which, isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .returning({ id: sessions.id })
  return revoked.length
}
