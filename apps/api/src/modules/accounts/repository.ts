import { eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { pgErrorCode } from '../../db/pg-error'
import { users } from '../../db/schema'
import { AppError } from '../../errors'

const accountColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  passwordHash: users.passwordHash,
  googleSubject: users.googleSubject,
  emailVerifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
}

export type AccountRow = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'name' | 'role' | 'passwordHash' | 'googleSubject' | 'emailVerifiedAt' | 'createdAt'
>

export const emailTaken = () => new AppError('EMAIL_TAKEN', 'An account with this e-mail already exists.')

/** The value of `email_verified_at` once the owner proves the address: the first proof's time stays. */
export const provenNow = sql`coalesce(${users.emailVerifiedAt}, now())`

export async function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.email, email))
  return row
}

export async function findAccountById(db: Db, id: string): Promise<AccountRow | undefined> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id))
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
  /** Set when the address is proven at sign-up (Google said so). */
  emailVerifiedAt?: Date
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
  changes: Partial<Pick<AccountRow, 'name' | 'passwordHash' | 'googleSubject' | 'role'>> & {
    /** `provenNow` when the owner has just proven the address. */
    emailVerifiedAt?: SQL
  },
): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning(accountColumns)
  return row
}
