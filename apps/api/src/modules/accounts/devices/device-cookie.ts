import type { FastifyReply, FastifyRequest } from 'fastify'
import { DEVICE_DAYS } from './known-devices'

/** Marks a browser that signed in before (decision 0020); only the sign-in routes read it. */
export const DEVICE_COOKIE = 'portal_device'
const COOKIE_PATH = '/api/auth'

export function setDeviceCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.config.publicUrl.startsWith('https:'),
    path: COOKIE_PATH,
    maxAge: DEVICE_DAYS * 24 * 60 * 60,
  })
}

export const readDeviceCookie = (request: FastifyRequest): string | undefined =>
  request.cookies[DEVICE_COOKIE] || undefined
