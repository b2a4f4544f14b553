import type { FastifyReply, FastifyRequest } from 'fastify'

/** The refresh session lives only in this cookie: script cannot read it, other sites do not get it. */
export const SESSION_COOKIE = 'portal_session'
const COOKIE_PATH = '/api'

const isHttps = (publicUrl: string) => publicUrl.startsWith('https:')

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(reply.server.config.publicUrl),
    path: COOKIE_PATH,
    maxAge: Math.max(0, Math.round((expiresAt.getTime() - Date.now()) / 1000)),
  })
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(reply.server.config.publicUrl),
    path: COOKIE_PATH,
  })
}

export const readSessionCookie = (request: FastifyRequest): string | undefined =>
  request.cookies[SESSION_COOKIE] || undefined
