import { ErrorReply } from '@shared/errors'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { buildApp } from './app'
import { captureMail } from './test/captured-mail'
import { createAccount, type TestAccount } from './test/factories'
import { testConfig } from './test/test-app'
import { createTestDatabase } from './test/test-database'

/**
 * Every admin route refuses anonymous callers (401) and signed-in non-admins (403).
 * Every route of the app must be named in exactly one of the lists below, so a route added
 * later without being classified fails here, and one added to ADMIN_ROUTES without the guard
 * fails the refusal tests.
 */
const ADMIN_ROUTES = [
  'GET /api/users',
  'PUT /api/users/admin/:id',
  'DELETE /api/users/admin/:id',
  'DELETE /api/users/:id',
  'GET /api/agenda',
  'GET /api/agenda.csv',
  'PUT /api/agenda/:bookingId/attendance',
  'GET /api/audit',
  'POST /api/images',
  'POST /api/doctors',
  'GET /api/doctors',
  'PUT /api/doctors/:id',
  'DELETE /api/doctors/:id',
  'GET /api/schedule',
  'POST /api/schedule/treatments',
  'PATCH /api/schedule/treatments/:id',
  'GET /api/schedule/treatments/:id/impact',
  'DELETE /api/schedule/treatments/:id',
  'POST /api/schedule/treatments/:id/slots',
  'GET /api/schedule/slots/:id/impact',
  'DELETE /api/schedule/slots/:id',
  'GET /api/schedule/closed-weekdays/impact',
  'PUT /api/schedule/closed-weekdays',
  'GET /api/schedule/holidays/:date/impact',
  'POST /api/schedule/holidays',
  'DELETE /api/schedule/holidays/:date',
  'GET /api/messages',
  'PUT /api/messages/:id/handled',
  'GET /api/admin/reviews',
  'PUT /api/reviews/:id/status',
]

/** Open to everyone, or guarded only by a signed-in session (or by its own credential). */
const OTHER_ROUTES = [
  'GET /api/health',
  // Loopback or its own bearer token (METRICS_TOKEN); anyone else is answered 404.
  'GET /api/metrics',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/login-link',
  'POST /api/auth/logout',
  'GET /api/auth/session',
  'GET /api/jwt',
  'PATCH /api/auth/profile',
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/confirm',
  'POST /api/auth/verify-email',
  'POST /api/auth/verify-email/resend',
  'GET /api/auth/providers',
  'GET /api/auth/google',
  'GET /api/auth/google/callback',
  'POST /api/users',
  'GET /api/users/admin/:email',
  'GET /api/appOptions',
  'GET /api/appointmentSpecialty',
  'GET /api/clinicCalendar',
  'GET /api/prices',
  'GET /api/team',
  'POST /api/bookings',
  'GET /api/bookings',
  'GET /api/booking/:id',
  'DELETE /api/bookings/:id',
  'PUT /api/bookings/:id/slot',
  'GET /api/me/sessions',
  'DELETE /api/me/sessions/:id',
  'DELETE /api/me/sessions',
  'POST /api/me/password',
  'GET /api/me/export',
  'DELETE /api/me',
  'GET /api/payments/config',
  'POST /api/create-payment-intent',
  'POST /api/payments',
  'POST /api/payments/sandbox/confirm',
  // The contact form, open to visitors; limited per address.
  'POST /api/messages',
  // Approved reviews for everyone; a patient's own reviews (decision 0032).
  'GET /api/reviews',
  'GET /api/me/reviews',
  'PUT /api/bookings/:id/review',
  // A patient's own waitlist entries and offers (decision 0036).
  'POST /api/waitlist',
  'GET /api/me/waitlist',
  'DELETE /api/waitlist/:id',
  'POST /api/waitlist/offers/:id/accept',
  // The stored doctor photos, shown on the web app's pages.
  'GET /uploads/:name',
  // Written from PUBLIC_URL for search engines (decision 0027).
  'GET /sitemap.xml',
  'GET /robots.txt',
]

const routeName = (route: Pick<RouteOptions, 'url'>, method: string) => `${method} ${route.url}`
const StrictErrorReply = z.strictObject(ErrorReply.shape)

describe('admin routes', () => {
  let app: FastifyInstance
  let patient: TestAccount
  const registered: string[] = []

  beforeAll(async () => {
    app = await buildApp(testConfig(), {
      database: await createTestDatabase(),
      logger: false,
      webDir: '/nonexistent',
      mailer: captureMail(),
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD') registered.push(routeName(route, method))
        }
      },
    })
    patient = await createAccount(app)
  })
  afterAll(() => app.close())

  test('every route of the app is listed as admin or not', () => {
    const listed = new Set([...ADMIN_ROUTES, ...OTHER_ROUTES])
    expect(registered.filter((route) => !listed.has(route))).toEqual([])
    expect([...listed].filter((route) => !registered.includes(route))).toEqual([])
    expect(ADMIN_ROUTES.filter((route) => OTHER_ROUTES.includes(route))).toEqual([])
  })

  const call = (route: string, headers: Record<string, string> = {}) => {
    const [method, url] = route.split(' ') as [string, string]
    return app.inject({
      method: method as 'GET',
      url: url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000'),
      headers: { ...headers, 'content-type': 'application/json' },
      payload: method === 'GET' || method === 'DELETE' ? undefined : '{}',
    })
  }

  test.each(ADMIN_ROUTES)('%s refuses an anonymous caller with 401', async (route) => {
    const res = await call(route)
    expect(res.statusCode).toBe(401)
    expect(StrictErrorReply.parse(res.json()).code).toBe('UNAUTHORIZED')
  })

  test.each(ADMIN_ROUTES)('%s refuses a signed-in patient with 403', async (route) => {
    const res = await call(route, patient.headers)
    expect(res.statusCode).toBe(403)
    expect(StrictErrorReply.parse(res.json()).code).toBe('FORBIDDEN')
  })
})
