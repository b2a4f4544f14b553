import {
  CreateDoctorBody,
  DeleteDoctorReply,
  Doctor,
  DoctorListReply,
  DoctorParams,
  TeamReply,
  UpdateDoctorBody,
} from '@shared/doctors'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { currentUser } from '../accounts'
import { type DoctorActor, doctorService } from './service'

const actorOf = (request: FastifyRequest): DoctorActor => ({
  id: currentUser(request).id,
  address: request.ip,
})

/**
 * The clinic's doctors (docs/spec/portal-spec.md sections 2 and 7; decisions 0019 and 0030): admins
 * add, list, edit and remove them; everyone sees them, without their e-mail, on the public pages.
 */
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

  app.put(
    '/doctors/:id',
    { onRequest, schema: { params: DoctorParams, body: UpdateDoctorBody, response: { 200: Doctor } } },
    async (request) => doctors.update(actorOf(request), request.params.id, request.body),
  )

  app.get('/team', { schema: { response: { 200: TeamReply } } }, async () => ({
    doctors: await doctors.team(),
  }))

  app.delete(
    '/doctors/:id',
    { onRequest, schema: { params: DoctorParams, response: { 200: DeleteDoctorReply } } },
    async (request) => ({
      doctor: { deletedCount: await doctors.remove(actorOf(request), request.params.id) },
    }),
  )
}
