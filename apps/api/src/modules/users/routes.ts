import {
  AdminCheckParams,
  AdminCheckReply,
  DeleteUserReply,
  MakeAdminReply,
  SaveUserBody,
  SaveUserReply,
  UserListQuery,
  UserListReply,
  UserParams,
} from '@shared/users'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { currentUser } from '../accounts'
import type { PaymentService } from '../payments'
import { userDeletion } from './delete-user'
import { type AdminActor, createUserService } from './service'

/**
 * The spec's user records (section 7): own record, admin check, and the admins' user list; and
 * the admins' changes to other accounts (decision 0019): make and remove admin, delete.
 */
export const usersRoutes: FastifyPluginAsyncZod<{ clinicRefunds: PaymentService }> = async (
  app,
  { clinicRefunds },
) => {
  const users = createUserService(app.database.db)
  const deleteUser = userDeletion({
    db: app.database.db,
    now: () => app.now(),
    // The clinic itself cancels here, so the patient's refund cutoff does not apply: every
    // upcoming paid booking is refunded in full.
    refunds: clinicRefunds,
  })
  const onRequest = app.requireAdmin
  const actorOf = (request: FastifyRequest): AdminActor => ({
    userId: currentUser(request).id,
    address: request.ip,
  })

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
    {
      onRequest,
      schema: { querystring: UserListQuery, response: { 200: UserListReply } },
    },
    async (request) => users.list(request.query),
  )

  app.put(
    '/users/admin/:id',
    { onRequest, schema: { params: UserParams, response: { 200: MakeAdminReply } } },
    async (request) => ({
      admin: { modifiedCount: await users.makeAdmin(request.params.id, actorOf(request)) },
    }),
  )

  app.delete(
    '/users/admin/:id',
    { onRequest, schema: { params: UserParams, response: { 200: MakeAdminReply } } },
    async (request) => ({
      admin: { modifiedCount: await users.removeAdmin(request.params.id, actorOf(request)) },
    }),
  )

  app.delete(
    '/users/:id',
    { onRequest, schema: { params: UserParams, response: { 200: DeleteUserReply } } },
    async (request) => ({ user: await deleteUser(request.params.id, actorOf(request)) }),
  )
}
