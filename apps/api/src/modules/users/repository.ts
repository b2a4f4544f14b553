import type { Role, UserListItem } from '@shared/users'
import { and, eq, isNull, like, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { pageLimit, readList } from '../../db/json-list'
import { users } from '../../db/schema'
import type { UserCursor } from './user-cursor'

export interface UserPageQuery {
  /** Part of a name or an e-mail, any case. */
  search?: string
  after?: UserCursor
  limit: number
}

/**
 * Part of the name or the e-mail, in any case; `%`, `_` and `\` typed in the search box are looked
 * for as themselves. Both sides lower-cased and LIKE: the expressions of the trigram indexes
 * users_name_trgm_idx and users_email_trgm_idx, which answer a fragment of three characters or
 * more without reading every account (decision 0038).
 */
function matching(text: string): SQL | undefined {
  const pattern = sql`lower(${`%${text.replace(/[\\%_]/g, '\\$&')}%`})`
  return or(like(sql`lower(${users.name})`, pattern), like(sql`lower(${users.email})`, pattern))
}

/**
 * One page of live accounts in a stable order (creation, then id), read in one query along
 * users_created_idx from where the last page ended (keyset paging: no OFFSET to count past), in
 * the form each database hands over fastest (readList).
 */
export function listUsers(db: Db, query: UserPageQuery): Promise<(UserListItem & { createdAt: string })[]> {
  const where = and(
    isNull(users.deletedAt),
    query.search ? matching(query.search) : undefined,
    query.after
      ? sql`(${users.createdAt}, ${users.id}) > (${query.after.createdAt}::timestamptz, ${query.after.id}::uuid)`
      : undefined,
  )
  return readList(
    db,
    sql`SELECT id AS "_id", name, email, role, email_verified_at IS NOT NULL AS "emailVerified",
        -- To the microsecond, as user-cursor.ts reads it back: a Date would keep only milliseconds.
        to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAt"
      FROM ${users} WHERE ${where} ORDER BY ${users.createdAt}, ${users.id} ${pageLimit(query.limit)}`,
    // Fixed-width UTC strings sort as their instants.
    sql`list."createdAt", list."_id"`,
    // A plan kept for every pattern walked all accounts in order for a rare fragment (219 ms).
    { planPerRead: Boolean(query.search) },
  )
}

export async function findRoleByEmail(db: Db, email: string): Promise<Role | undefined> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.email, email))
  return row?.role
}

/** A live account by id: a deleted one (kept only for the clinic's records) is no one's to promote. */
export const byId = (id: string): SQL => and(eq(users.id, id), isNull(users.deletedAt)) as SQL
export const byEmail = (email: string): SQL => eq(users.email, email)

/** Gives the role to the matching account where it differs; answers the accounts it changed. */
export async function setRole(db: Db, which: SQL, role: Role): Promise<{ id: string; email: string }[]> {
  return db
    .update(users)
    .set({ role, updatedAt: sql`now()` })
    .where(and(which, ne(users.role, role)))
    .returning({ id: users.id, email: users.email })
}

export async function accountExists(db: Db, which: SQL): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(which)
  return Boolean(row)
}

const liveAccount = { id: users.id, email: users.email, name: users.name, role: users.role }

export async function findLiveAccount(db: Db, id: string) {
  const [row] = await db.select(liveAccount).from(users).where(byId(id))
  return row
}

/** The live account, its row locked until the transaction ends: of two deletions of it, one finds it. */
export async function lockLiveAccount(tx: Db, id: string) {
  const [row] = await tx.select(liveAccount).from(users).where(byId(id)).for('update')
  return row
}
