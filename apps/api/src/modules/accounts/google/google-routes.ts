import { GOOGLE_UNAVAILABLE_MESSAGE, GoogleStartQuery, ProvidersReply } from '@shared/accounts'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notFound } from '../../../errors'
import { readDeviceCookie, setDeviceCookie } from '../devices/device-cookie'
import { rememberDevice } from '../devices/known-devices'
import { originOf } from '../origin'
import { rateLimits } from '../rate-limits'
import { sameSiteOnly } from '../sessions/same-site-only'
import { setSessionCookie } from '../sessions/session-cookie'
import { createGoogleClient, type PendingSignIn } from './google'
import { signInWithGoogle } from './google-accounts'

const PENDING_COOKIE = 'portal_oidc'
const PENDING_PATH = '/api/auth/google'
const PENDING_SECONDS = 10 * 60
/** Where the browser lands when Google sign-in fails; the login page explains it. */
const FAILED_REDIRECT = '/login?error=google'

const Pending = z.object({ verifier: z.string(), state: z.string(), nonce: z.string(), returnTo: z.string() })

/** 'CONTINUE WITH GOOGLE' (spec section 2) through OpenID Connect, when the clinic configured it. */
export const googleRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.config.google
  const google = settings && createGoogleClient(settings, `${app.config.publicUrl}/api/auth/google/callback`)
  const secure = app.config.publicUrl.startsWith('https:')

  app.get('/auth/providers', { schema: { response: { 200: ProvidersReply } } }, async () => ({
    google: Boolean(google),
  }))

  app.get(
    '/auth/google',
    { config: { rateLimit: rateLimits.google }, schema: { querystring: GoogleStartQuery } },
    async (request, reply) => {
      if (!google) throw notFound(GOOGLE_UNAVAILABLE_MESSAGE)
      const started = await google.start(request.query.returnTo ?? '/').catch((error: unknown) => {
        request.log.error({ err: error }, 'Google sign-in could not start (provider unreachable?)')
        return null
      })
      if (!started) return reply.redirect(FAILED_REDIRECT)
      const { url, pending } = started
      reply.setCookie(PENDING_COOKIE, Buffer.from(JSON.stringify(pending)).toString('base64url'), {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: PENDING_PATH,
        maxAge: PENDING_SECONDS,
      })
      return reply.redirect(url)
    },
  )

  const callbackOptions = {
    onRequest: sameSiteOnly({ topLevelNavigation: true }),
    config: { rateLimit: rateLimits.google },
  }
  app.get('/auth/google/callback', callbackOptions, async (request, reply) => {
    if (!google) throw notFound(GOOGLE_UNAVAILABLE_MESSAGE)
    reply.clearCookie(PENDING_COOKIE, { path: PENDING_PATH })
    const pending = readPending(request)
    if (!pending) return reply.redirect(FAILED_REDIRECT)
    try {
      const identity = await google.finish(new URL(request.url, app.config.publicUrl), pending)
      const { user, session } = await signInWithGoogle(app.database.db, identity, originOf(request))
      setSessionCookie(reply, session.refreshToken, session.expiresAt)
      setDeviceCookie(reply, await rememberDevice(app.database.db, user.uid, readDeviceCookie(request)))
      return reply.redirect(pending.returnTo)
    } catch (error) {
      request.log.warn({ err: error }, 'Google sign-in failed')
      return reply.redirect(FAILED_REDIRECT)
    }
  })
}

function readPending(request: FastifyRequest): PendingSignIn | null {
  const raw = request.cookies[PENDING_COOKIE]
  if (!raw) return null
  const unsigned = request.unsignCookie(raw)
  if (!unsigned.valid || !unsigned.value) return null
  try {
    const parsed = Pending.safeParse(JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
