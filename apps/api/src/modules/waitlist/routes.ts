import {
  AcceptOfferReply,
  JoinWaitlistBody,
  MyWaitlistReply,
  WaitlistEntryReply,
  WaitlistParams,
} from '@shared/waitlist'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { currentUser } from '../accounts'
import { waitlistService } from './service'

/** Patients' waitlists for full days and the offers of freed slots (decision 0036). */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const waitlist = waitlistService({
    db: app.database.db,
    now: () => app.now(),
    clinic: { timeZone: app.config.clinicTimeZone },
  })
  const onRequest = app.requireUser

  app.post(
    '/waitlist',
    { onRequest, schema: { body: JoinWaitlistBody, response: { 201: WaitlistEntryReply } } },
    async (req, reply) => reply.code(201).send({ entry: await waitlist.join(currentUser(req), req.body) }),
  )

  app.get('/me/waitlist', { onRequest, schema: { response: { 200: MyWaitlistReply } } }, async (req) => ({
    entries: await waitlist.mine(currentUser(req)),
  }))

  app.delete(
    '/waitlist/:id',
    { onRequest, schema: { params: WaitlistParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await waitlist.leave(currentUser(req), req.params.id)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/waitlist/offers/:id/accept',
    { onRequest, schema: { params: WaitlistParams, response: { 200: AcceptOfferReply } } },
    (req) => waitlist.accept(currentUser(req), req.params.id),
  )
}
