import {
  USER_MESSAGES as M,
  type Role,
  USERS_PAGE_SIZE,
  type UserListQuery,
  type UserListReply,
  type UserRecord,
} from '@shared/users'
import type { SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { AppError, forbidden, notFound } from '../../errors'
import { findById } from '../../lib/ids'
import { type CurrentUser, updateAccount } from '../accounts'
import { audit } from '../audit'
import { lockAdmins } from '../me'
import { accountExists, byId, findLiveAccount, findRoleByEmail, listUsers, setRole } from './repository'
import { decodeCursor, encodeCursor } from './user-cursor'

export const userNotFound = () => notFound(M.notFound)

/** Who changed a role: an admin in the app, the ADMIN_EMAIL setting, or the admin command. */
export interface RoleActor {
  by: 'admin' | 'ADMIN_EMAIL' | 'cli'
  userId?: string
  address?: string
}

/** An admin acting in the app on another account. */
export interface AdminActor {
  userId: string
  address: string
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
      actorId: actor.userId,
      email: account.email,
      address: actor.address,
      detail: { role, by: actor.by },
    })
  }
  if (changed.length > 0) return changed.length
  return (await accountExists(db, which)) ? 0 : null
}

/**
 * Under the lock of every admin row (the one self-deletion takes): the account an admin is about
 * to demote or delete is not the last admin, and the admin still is one. Two admins removing each
 * other at once are served one after the other, and the second finds the first gone.
 */
export async function keepAnAdmin(tx: Db, subjectId: string, actorId: string): Promise<void> {
  const admins = await lockAdmins(tx)
  if (admins.includes(subjectId) && admins.length === 1) throw new AppError('LAST_ADMIN', M.lastAdmin)
  if (!admins.includes(actorId)) throw forbidden()
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

    /** One page, and the cursor of the next if there is one (a row more than a page was read). */
    async list(query: UserListQuery): Promise<UserListReply> {
      const rows = await listUsers(db, {
        search: query.q || undefined,
        after: query.cursor ? decodeCursor(query.cursor) : undefined,
        limit: USERS_PAGE_SIZE + 1,
      })
      const page = rows.slice(0, USERS_PAGE_SIZE)
      const last = page.at(-1)
      return {
        users: page.map(({ createdAt, ...user }) => user),
        nextCursor:
          rows.length > USERS_PAGE_SIZE && last
            ? encodeCursor({ createdAt: last.createdAt, id: last._id })
            : null,
      }
    },

    async makeAdmin(id: string, actor: AdminActor): Promise<number> {
      const modified = await findById(id, async (id) =>
        changeRole(db, byId(id), 'admin', { by: 'admin', ...actor }),
      )
      if (modified === null || modified === undefined) throw userNotFound()
      return modified
    },

    async removeAdmin(id: string, actor: AdminActor): Promise<number> {
      const account = await findById(id, (id) => findLiveAccount(db, id))
      if (!account) throw userNotFound()
      // The row found, never the text sent, is who the caller is about.
      if (account.id === actor.userId) throw new AppError('CANNOT_CHANGE_OWN_ROLE', M.cannotChangeOwnRole)
      return db.transaction(async (tx) => {
        await keepAnAdmin(tx, account.id, actor.userId)
        const modified = await changeRole(tx, byId(account.id), 'patient', { by: 'admin', ...actor })
        if (modified === null) throw userNotFound()
        return modified
      })
    },
  }
}
