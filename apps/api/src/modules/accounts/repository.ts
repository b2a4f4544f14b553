import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { AppError } from '../../errors'

const accountColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  passwordHash: users.passwordHash,
  googleSubject: users.googleSubject,
}

export type AccountRow = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'name' | 'role' | 'passwordHash' | 'googleSubject'
>

export const emailTaken = () =>
  new AppError('EMAIL_TAKEN', 409, 'An account with this e-mail already exists.')

/** The pg error code of a failed query, from either driver (Drizzle wraps it in `cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } }
  return e?.cause?.code ?? e?.code
}

export async function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.email, email))
  return row
}

export async function findAccountByGoogleSubject(db: Db, subject: string): Promise<AccountRow | undefined> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.googleSubject, subject))
  return row
}

export interface NewAccount {
  email: string
  name: string
  passwordHash?: string | null
  googleSubject?: string | null
  role?: 'patient' | 'admin'
}

/** Inserts an account; the unique e-mail index, not a prior look-up, refuses a duplicate. */
export async function insertAccount(db: Db, account: NewAccount): Promise<AccountRow> {
  try {
    const [row] = await db.insert(users).values(account).returning(accountColumns)
    if (!row) throw new Error('account not created')
    return row
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw emailTaken()
    throw error
  }
}

export async function updateAccount(
  db: Db,
  id: string,
  changes: Partial<Pick<AccountRow, 'name' | 'passwordHash' | 'googleSubject' | 'role'>>,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning(accountColumns)
  return row
}
