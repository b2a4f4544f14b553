import { Email, PASSWORD_NOT_STRONG_MESSAGE } from '@shared/accounts'
import { ConfigError } from '../../config'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { assertUncommonPassword, findAccountByEmail, hashPassword, verifyPassword } from '../accounts'
import { audit } from '../audit'
import { byEmail } from './repository'
import { changeRole } from './service'

const notItsPassword = (email: string) =>
  new ConfigError(
    'ADMIN_EMAIL names an existing account that is not an admin, and ADMIN_PASSWORD is not its password. ' +
      `Check that account, then run: npm run admin -- promote ${email} (or unset ADMIN_EMAIL).`,
  )

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD (ARCHITECTURE section 2): at start, create this admin if the
 * address is new. Anyone may have registered the address first, so an existing account is
 * promoted only by its own password; an admin already is one, whatever its password is now.
 * A refusal is a ConfigError: the server prints it as one line and stops.
 */
export async function ensureAdminAccount(db: Db, admin: { email: string; password: string } | undefined) {
  if (!admin) return
  const email = Email.parse(admin.email)
  if (await promoteExisting(db, email, admin.password)) return
  if (await createAdmin(db, email, admin.password)) return
  // Another server (or a registration) created the address between the look-up and the insert.
  await promoteExisting(db, email, admin.password)
}

/** False when no account has the address. */
async function promoteExisting(db: Db, email: string, password: string): Promise<boolean> {
  const account = await findAccountByEmail(db, email)
  if (!account) return false
  if (account.role === 'admin') return true
  if (!(await verifyPassword(account.passwordHash, password))) throw notItsPassword(email)
  await changeRole(db, byEmail(email), 'admin', { by: 'ADMIN_EMAIL' })
  return true
}

/**
 * False when the address was taken meanwhile. The account starts with its e-mail verified: the
 * operator who set ADMIN_EMAIL vouches for the address, and nobody could answer a mail to it
 * before the account existed.
 */
async function createAdmin(db: Db, email: string, password: string): Promise<boolean> {
  await assertUncommonPassword(password).catch(() => {
    throw new ConfigError(
      `Invalid configuration: ADMIN_PASSWORD ${PASSWORD_NOT_STRONG_MESSAGE} (it is a common password)`,
    )
  })
  const passwordHash = await hashPassword(password)
  const [created] = await db
    .insert(users)
    .values({ email, name: 'Clinic Admin', role: 'admin', passwordHash, emailVerifiedAt: new Date() })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id })
  if (!created) return false
  await audit(db, { event: 'account_created', userId: created.id, email, detail: { by: 'ADMIN_EMAIL' } })
  return true
}
