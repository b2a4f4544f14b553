import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { users } from '../../db/schema'
import { forbidden, unauthorized } from '../../errors'
import type { AccessTokens } from './access-token'

export interface CurrentUser {
  id: string
  email: string
  name: string
  role: 'patient' | 'admin'
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens
    /** preHandler: a valid bearer access token of an existing account, else 401. */
    requireUser: (request: FastifyRequest) => Promise<void>
    /** preHandler: as requireUser, and the account is an admin right now, else 403. */
    requireAdmin: (request: FastifyRequest) => Promise<void>
  }
  interface FastifyRequest {
    user: CurrentUser | null
  }
}

/**
 * Bearer authentication. The token only names the account; its role is read from the
 * database on every request, so a demoted admin loses access at once.
 */
export function registerAuthentication(app: FastifyInstance, accessTokens: AccessTokens): void {
  app.decorate('accessTokens', accessTokens)
  app.decorateRequest('user', null)

  async function requireUser(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization ?? ''
    const [scheme, token] = header.split(' ')
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized('Please sign in to continue.')
    const subject = await accessTokens.verify(token)
    if (!subject) throw unauthorized('Your session has expired. Please sign in again.')
    const [user] = await app.database.db
      .select({ id: users.id, email: users.email, name: users.name, role: users.role })
      .from(users)
      .where(eq(users.id, subject.id))
    if (!user) throw unauthorized('Your session has expired. Please sign in again.')
    request.user = user
  }

  app.decorate('requireUser', requireUser)
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await requireUser(request)
    if (request.user?.role !== 'admin') throw forbidden()
  })
}
