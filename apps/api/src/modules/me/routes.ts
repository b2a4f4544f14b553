import { MessageReply } from '@shared/accounts'
import {
  ChangePasswordBody,
  DeleteAccountBody,
  EndedSessionsReply,
  EXPORT_FILE_NAME,
  ME_MESSAGES as M,
  MyDataExport,
  SessionParams,
  SessionsReply,
} from '@shared/me'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { currentUser, originOf } from '../accounts'
import { meService } from './service'

/** The account page: the signed-in user's own sessions, password, data. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const me = meService({ db: app.database.db, now: () => app.now() })
  const onRequest = app.requireUser

  app.get('/me/sessions', { onRequest, schema: { response: { 200: SessionsReply } } }, async (request) => ({
    sessions: await me.sessions(currentUser(request)),
  }))

  app.delete(
    '/me/sessions/:id',
    { onRequest, schema: { params: SessionParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await me.endSession(currentUser(request), request.params.id, originOf(request))
      return reply.code(204).send(null)
    },
  )

  app.delete(
    '/me/sessions',
    { onRequest, schema: { response: { 200: EndedSessionsReply } } },
    async (request) => ({ ended: await me.endOtherSessions(currentUser(request), originOf(request)) }),
  )

  app.post(
    '/me/password',
    { onRequest, schema: { body: ChangePasswordBody, response: { 200: MessageReply } } },
    async (request) => {
      await me.changePassword(currentUser(request), request.body, originOf(request))
      return { message: M.passwordChanged }
    },
  )

  app.get(
    '/me/export',
    { onRequest, schema: { response: { 200: MyDataExport } } },
    async (request, reply) => {
      reply.header('content-disposition', `attachment; filename="${EXPORT_FILE_NAME}"`)
      return me.exportData(currentUser(request))
    },
  )

  app.delete(
    '/me',
    { onRequest, schema: { body: DeleteAccountBody, response: { 200: MessageReply } } },
    async (request) => {
      await me.deleteAccount(currentUser(request), request.body, originOf(request))
      return { message: M.accountDeleted }
    },
  )
}
