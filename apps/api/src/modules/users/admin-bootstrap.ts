import { Email } from '@shared/accounts'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { audit } from '../accounts/audit'
import { hashPassword } from '../accounts/passwords'
import { byEmail } from './repository'
import { changeRole } from './service'

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD (ARCHITECTURE section 2): at start, create this account if it is
 * missing and make it an admin. An existing account keeps its password.
 */
export async function ensureAdminAccount(db: Db, admin: { email: string; password: string } | undefined) {
  if (!admin) return
  const email = Email.parse(admin.email)
  if ((await changeRole(db, byEmail(email), 'admin', { by: 'ADMIN_EMAIL' })) !== null) return
  const passwordHash = await hashPassword(admin.password)
  // Another server starting on the same PostgreSQL database may create it at the same moment.
  const created = await db
    .insert(users)
    .values({ email, name: 'Clinic Admin', role: 'admin', passwordHash })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id })
  if (created[0]) {
    await audit(db, { event: 'account_created', userId: created[0].id, email, detail: { by: 'ADMIN_EMAIL' } })
  } else {
    await changeRole(db, byEmail(email), 'admin', { by: 'ADMIN_EMAIL' })
  }
}
