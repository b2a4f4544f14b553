import {
  EMAIL_VERIFICATION_SENT_MESSAGE,
  EMAIL_VERIFIED_MESSAGE,
  MessageReply,
  VerifyEmailBody,
} from '@shared/accounts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { originOf } from '../origin'
import { rateLimits } from '../rate-limits'
import { currentUser } from '../sessions/authenticate'
import type { EmailVerifications } from './email-verification'

/** The link from the verification mail, and 'resend' for a signed-in account. */
export const emailVerificationRoutes: FastifyPluginAsyncZod<{ verifications: EmailVerifications }> = async (
  app,
  { verifications },
) => {
  app.post(
    '/auth/verify-email',
    {
      config: { rateLimit: rateLimits.verifyEmail },
      schema: { body: VerifyEmailBody, response: { 200: MessageReply } },
    },
    async (request) => {
      await verifications.verify(request.body.token, originOf(request))
      return { message: EMAIL_VERIFIED_MESSAGE }
    },
  )

  app.post(
    '/auth/verify-email/resend',
    {
      onRequest: app.requireUser,
      config: { rateLimit: rateLimits.verifyEmailResend },
      schema: { response: { 202: MessageReply } },
    },
    async (request, reply) => {
      await verifications.resend(currentUser(request).id, originOf(request))
      return reply.code(202).send({ message: EMAIL_VERIFICATION_SENT_MESSAGE })
    },
  )
}
