import {
  CONTACT_MESSAGES,
  ContactMessage,
  ContactMessageBody,
  ContactMessageListReply,
  ContactMessageParams,
  ContactMessageReply,
  MarkHandledBody,
} from '@shared/messages'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { registerRouteRateLimits } from '../../plugins/route-rate-limits'
import { currentUser } from '../accounts'
import { messageService } from './service'

/** Per network address, before the body is read: a bot is turned away before it costs a row. */
export const contactRateLimit = { max: 5, timeWindow: '15 minutes' }

/** The contact form (spec section 2, delivered since decision 0029) and the admins' inbox. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const messages = messageService({
    db: app.database.db,
    clinicEmail: app.config.clinicEmail,
    publicUrl: app.config.publicUrl,
  })
  await registerRouteRateLimits(app, CONTACT_MESSAGES.tooMany)

  app.post(
    '/messages',
    {
      config: { rateLimit: contactRateLimit },
      schema: { body: ContactMessageBody, response: { 201: ContactMessageReply } },
    },
    async (request, reply) => {
      await messages.send(request.body)
      return reply.code(201).send({ message: CONTACT_MESSAGES.sent })
    },
  )

  // onRequest, not preHandler: a caller who is not an admin learns nothing from validation.
  const onRequest = app.requireAdmin

  app.get('/messages', { onRequest, schema: { response: { 200: ContactMessageListReply } } }, async () => ({
    messages: await messages.list(),
  }))

  app.put(
    '/messages/:id/handled',
    {
      onRequest,
      schema: { params: ContactMessageParams, body: MarkHandledBody, response: { 200: ContactMessage } },
    },
    async (request) => messages.markHandled(currentUser(request).id, request.params.id, request.body.handled),
  )
}
