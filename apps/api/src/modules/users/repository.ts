import type { Role, UserRecord } from '@shared/users'
import { and, asc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'

export async function listUsers(db: Db): Promise<UserRecord[]> {
  return db
    .select({ _id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(isNull(users.deletedAt))
    .orderBy(asc(users.createdAt), asc(users.email))
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
