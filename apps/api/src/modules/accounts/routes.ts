import { createHmac } from 'node:crypto'
import cookie from '@fastify/cookie'
import {
  AuthUserReply,
  LoginBody,
  ProfileBody,
  RegisterBody,
  SessionReply,
  SignInLinkBody,
  TokenQuery,
  TokenReply,
} from '@shared/accounts'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { forbidden, unauthorized } from '../../errors'
import { soonAfterListening } from '../../lib/after-listening'
import { readDeviceCookie, setDeviceCookie } from './devices/device-cookie'
import { createSignInLinks } from './devices/sign-in-links'
import { createEmailVerifications } from './email-verification/email-verification'
import { emailVerificationRoutes } from './email-verification/email-verification-routes'
import { googleRoutes } from './google/google-routes'
import { originOf } from './origin'
import { prepareCommonPasswords } from './passwords/common-passwords'
import { passwordResetRoutes } from './passwords/password-reset-routes'
import { prepareDummyHash } from './passwords/passwords'
import { rateLimits, registerRateLimits } from './rate-limits'
import { type AccountService, createAccountService, type SignedInDevice } from './service'
import { currentUser } from './sessions/authenticate'
import { sameSiteOnly } from './sessions/same-site-only'
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './sessions/session-cookie'
import { resolveSessionSecret } from './sessions/session-secret'

/**
 * The identity service (ARCHITECTURE section 5): the session lives in the `portal_session`
 * cookie, used only by /auth/* and /jwt; every other route takes the 300 s bearer token.
 */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const secret = await resolveSessionSecret(app.config.sessionSecret, app.config.dataDir)
  // Its own key for signed cookies, derived so that it never equals the token-signing key.
  await app.register(cookie, {
    secret: createHmac('sha256', secret).update('portal cookie signing').digest(),
  })
  await registerRateLimits(app)
  const verifications = createEmailVerifications({
    db: app.database.db,
    publicUrl: app.config.publicUrl,
  })
  const links = createSignInLinks({ db: app.database.db, publicUrl: app.config.publicUrl })
  const accounts = createAccountService({
    db: app.database.db,
    accessTokens: app.accessTokens,
    verifications,
    links,
  })
  soonAfterListening(app, 'preparing the password checks', async () => {
    await Promise.all([prepareDummyHash(), prepareCommonPasswords()])
  })

  app.post(
    '/auth/register',
    {
      config: { rateLimit: rateLimits.register },
      schema: { body: RegisterBody, response: { 201: SessionReply } },
    },
    async (request, reply) => {
      const signedIn = await accounts.register(request.body, originOf(request))
      return reply.code(201).send(await signInReply(reply, signedIn))
    },
  )

  app.post(
    '/auth/login',
    {
      config: { rateLimit: rateLimits.login },
      schema: { body: LoginBody, response: { 200: SessionReply } },
    },
    async (request, reply) => {
      const signedIn = await accounts.login(request.body, originOf(request), readDeviceCookie(request))
      return signInReply(reply, signedIn)
    },
  )

  // The page of the link mailed when an account's password checks are spent (decision 0020).
  app.post(
    '/auth/login-link',
    {
      config: { rateLimit: rateLimits.signInLink },
      schema: { body: SignInLinkBody, response: { 200: SessionReply } },
    },
    async (request, reply) => {
      const signedIn = await accounts.loginWithLink(
        request.body.token,
        originOf(request),
        readDeviceCookie(request),
      )
      return signInReply(reply, signedIn)
    },
  )

  app.post(
    '/auth/logout',
    { onRequest: sameSiteOnly(), schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      const refreshToken = readSessionCookie(request)
      if (refreshToken) await accounts.logout(refreshToken, originOf(request))
      clearSessionCookie(reply)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/auth/session',
    {
      onRequest: sameSiteOnly(),
      config: { rateLimit: rateLimits.refresh },
      schema: { response: { 200: SessionReply } },
    },
    async (request, reply) => {
      const signedIn = await refresh(accounts, request, reply)
      return { user: signedIn.user, token: await signedIn.token() }
    },
  )

  app.get(
    '/jwt',
    {
      onRequest: sameSiteOnly(),
      config: { rateLimit: rateLimits.refresh },
      schema: { querystring: TokenQuery, response: { 200: TokenReply } },
    },
    async (request, reply) => {
      const signedIn = await refresh(accounts, request, reply)
      if (signedIn.user.email !== request.query.email) throw forbidden('This token is not for your account.')
      return { token: await signedIn.token() }
    },
  )

  app.patch(
    '/auth/profile',
    { onRequest: app.requireUser, schema: { body: ProfileBody, response: { 200: AuthUserReply } } },
    async (request) => ({
      user: await accounts.updateProfile(currentUser(request).id, request.body.displayName),
    }),
  )

  await app.register(passwordResetRoutes)
  await app.register(emailVerificationRoutes, { verifications })
  await app.register(googleRoutes)
}

/** Sets the session and device cookies; the answer carries the first bearer token (decision 0053). */
async function signInReply(reply: FastifyReply, signedIn: SignedInDevice): Promise<SessionReply> {
  setSessionCookie(reply, signedIn.session.refreshToken, signedIn.session.expiresAt)
  setDeviceCookie(reply, signedIn.deviceToken)
  return { user: signedIn.user, token: await signedIn.token() }
}

/** Spends the session cookie for a new one; without a valid one, clears it and answers 401. */
async function refresh(accounts: AccountService, request: FastifyRequest, reply: FastifyReply) {
  const refreshToken = readSessionCookie(request)
  const signedIn = refreshToken ? await accounts.refresh(refreshToken, originOf(request)) : null
  if (!signedIn) {
    clearSessionCookie(reply)
    throw unauthorized('Please sign in.')
  }
  setSessionCookie(reply, signedIn.session.refreshToken, signedIn.session.expiresAt)
  return signedIn
}
