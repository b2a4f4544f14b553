import {
  AdminCheckParams,
  AdminCheckReply,
  MakeAdminParams,
  MakeAdminReply,
  SaveUserBody,
  SaveUserReply,
  UserListReply,
} from '@shared/users'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { currentUser } from '../accounts'
import { createUserService } from './service'

/** The spec's user records (section 7): own record, admin check, and the admins' user list. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = createUserService(app.database.db)

  app.post(
    '/users',
    { onRequest: app.requireUser, schema: { body: SaveUserBody, response: { 200: SaveUserReply } } },
    async (request) => ({ user: await users.saveOwn(currentUser(request), request.body.name) }),
  )

  app.get(
    '/users/admin/:email',
    { onRequest: app.requireUser, schema: { params: AdminCheckParams, response: { 200: AdminCheckReply } } },
    async (request) => ({ isAdmin: await users.isAdmin(currentUser(request), request.params.email) }),
  )

  app.get(
    '/users',
    { onRequest: app.requireAdmin, schema: { response: { 200: UserListReply } } },
    async () => ({
      users: await users.list(),
    }),
  )

  app.put(
    '/users/admin/:id',
    { onRequest: app.requireAdmin, schema: { params: MakeAdminParams, response: { 200: MakeAdminReply } } },
    async (request) => {
      const actor = { by: 'admin' as const, userId: currentUser(request).id, address: request.ip }
      return { admin: { modifiedCount: await users.makeAdmin(request.params.id, actor) } }
    },
  )
}
