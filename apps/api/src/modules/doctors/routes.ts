import { CreateDoctorBody, DeleteDoctorReply, Doctor, DoctorListReply, DoctorParams } from '@shared/doctors'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { currentUser } from '../accounts'
import { type DoctorActor, doctorService } from './service'

const actorOf = (request: FastifyRequest): DoctorActor => ({
  id: currentUser(request).id,
  address: request.ip,
})

/** The clinic's doctors (docs/spec/portal-spec.md sections 2 and 7; decision 0019): admins add, list and remove them. */
export const doctorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const doctors = doctorService({
    db: app.database.db,
    storage: app.storage,
    publicUrl: app.config.publicUrl,
    log: app.log,
  })
  // onRequest, not preHandler: a caller who is not an admin learns nothing from body validation.
  const onRequest = app.requireAdmin

  app.post(
    '/doctors',
    { onRequest, schema: { body: CreateDoctorBody, response: { 201: Doctor } } },
    async (request, reply) => reply.code(201).send(await doctors.create(actorOf(request), request.body)),
  )

  app.get('/doctors', { onRequest, schema: { response: { 200: DoctorListReply } } }, async () => ({
    doctors: await doctors.list(),
  }))

  app.delete(
    '/doctors/:id',
    { onRequest, schema: { params: DoctorParams, response: { 200: DeleteDoctorReply } } },
    async (request) => ({
      doctor: { deletedCount: await doctors.remove(actorOf(request), request.params.id) },
    }),
  )
}
