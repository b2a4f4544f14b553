import type { Role, UserRecord } from '@shared/users'
import type { SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { forbidden, notFound } from '../../errors'
import { audit, type CurrentUser, isUuid, updateAccount } from '../accounts'
import { accountExists, byId, findRoleByEmail, listUsers, setRole } from './repository'

const userNotFound = () => notFound('No such user.')

/** Who changed a role: an admin in the app, the ADMIN_EMAIL setting, or the admin command. */
export interface RoleActor {
  by: 'admin' | 'ADMIN_EMAIL' | 'cli'
  userId?: string
  address?: string
}

/**
 * Sets an account's role and writes 'role_changed' to the audit log. Answers how many accounts
 * changed (0 when it already had the role), or null when no account matches.
 */
export async function changeRole(db: Db, which: SQL, role: Role, actor: RoleActor): Promise<number | null> {
  const changed = await setRole(db, which, role)
  for (const account of changed) {
    await audit(db, {
      event: 'role_changed',
      userId: account.id,
      email: account.email,
      address: actor.address,
      detail: { role, by: actor.by, ...(actor.userId ? { byUserId: actor.userId } : {}) },
    })
  }
  if (changed.length > 0) return changed.length
  return (await accountExists(db, which)) ? 0 : null
}

export function createUserService(db: Db) {
  return {
    /** The caller's own record; the e-mail and role always come from the account, never the body. */
    async saveOwn(caller: CurrentUser, name: string): Promise<UserRecord> {
      const account = await updateAccount(db, caller.id, { name })
      if (!account) throw userNotFound()
      return { _id: account.id, name: account.name, email: account.email, role: account.role }
    },

    /** Spec section 6: admin status by e-mail, answered to that user or to an admin only. */
    async isAdmin(caller: CurrentUser, email: string): Promise<boolean> {
      if (caller.email !== email && caller.role !== 'admin') throw forbidden()
      return (await findRoleByEmail(db, email)) === 'admin'
    },

    list: () => listUsers(db),

    async makeAdmin(id: string, actor: RoleActor): Promise<number> {
      const modified = isUuid(id) ? await changeRole(db, byId(id), 'admin', actor) : null
      if (modified === null) throw userNotFound()
      return modified
    },
  }
}
