import type { FastifyInstance, FastifyRequest } from 'fastify'
import { forbidden, unauthorized } from '../../../errors'
import { isUuid } from '../../../lib/ids'
import type { AccessTokens } from './access-token'
import type { SessionAccount, SessionUsers } from './session-users'

export interface CurrentUser extends SessionAccount {
  /** The session the request's token belongs to ('This device' on the account page). */
  sessionId: string
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens
    /** onRequest or preHandler hook: a valid bearer access token of an existing account, else 401. */
    requireUser: (request: FastifyRequest) => Promise<void>
    /** Hook: as requireUser, and the account is an admin right now, else 403. */
    requireAdmin: (request: FastifyRequest) => Promise<void>
  }
  interface FastifyRequest {
    user: CurrentUser | null
  }
}

/**
 * Bearer authentication. The token only names the account and its session; the session and the
 * role are looked up for every request (see SessionUsers), so a demoted admin loses access at
 * once, and a revoked session (logout, password reset, reused refresh token) ends its access
 * tokens too.
 */
export function registerAuthentication(
  app: FastifyInstance,
  accessTokens: AccessTokens,
  sessionUsers: SessionUsers,
): void {
  app.decorate('accessTokens', accessTokens)
  app.decorateRequest('user', null)

  async function requireUser(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization ?? ''
    const [scheme, token] = header.split(' ')
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized('Please sign in to continue.')
    const subject = await accessTokens.verify(token)
    if (!subject || !isUuid(subject.id) || !isUuid(subject.sessionId)) {
      throw unauthorized('Your session has expired. Please sign in again.')
    }
    const account = await sessionUsers.find(subject)
    if (!account) throw unauthorized('Your session has expired. Please sign in again.')
    request.user = { ...account, sessionId: subject.sessionId }
  }

  app.decorate('requireUser', requireUser)
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await requireUser(request)
    if (request.user?.role !== 'admin') throw forbidden()
  })
}

/** The signed-in user of a route guarded by requireUser or requireAdmin. */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthorized('Please sign in to continue.')
  return request.user
}
