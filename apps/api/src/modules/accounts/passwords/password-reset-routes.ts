import {
  MessageReply,
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  PasswordResetConfirmBody,
  PasswordResetRequestBody,
} from '@shared/accounts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { originOf } from '../origin'
import { rateLimits } from '../rate-limits'
import { createPasswordResets } from './password-reset'

/** 'forget Password?' (spec section 2), made real: a single-use link by mail. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const resets = createPasswordResets({
    db: app.database.db,
    publicUrl: app.config.publicUrl,
  })

  app.post(
    '/auth/password-reset',
    {
      config: { rateLimit: rateLimits.passwordReset },
      schema: { body: PasswordResetRequestBody, response: { 202: MessageReply } },
    },
    async (request, reply) => {
      await resets.request(request.body.email, originOf(request))
      return reply.code(202).send({ message: PASSWORD_RESET_REQUESTED_MESSAGE })
    },
  )

  app.post(
    '/auth/password-reset/confirm',
    {
      config: { rateLimit: rateLimits.passwordResetConfirm },
      schema: { body: PasswordResetConfirmBody, response: { 200: MessageReply } },
    },
    async (request) => {
      await resets.confirm(request.body.token, request.body.password, originOf(request))
      return { message: PASSWORD_RESET_DONE_MESSAGE }
    },
  )
}
