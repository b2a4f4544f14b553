import { AUDIT_PAGE_SIZE } from '@shared/audit'
import type { AuditLogEntry } from '@shared/audit-log'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { queryRows } from '../../db/client'
import { book, TODAY, testClock } from '../../test/booking-kit'
import { createAccount, createAdmin, type TestAccount } from '../../test/factories'
import { planOf } from '../../test/query-plan'
import { refusal } from '../../test/refusal'
import { createTestApp } from '../../test/test-app'
import { testDatabaseKind } from '../../test/test-database'
import { audit } from '../audit'
import { type AuditFilter, auditPage } from './repository'

describe('the audit log', () => {
  let app: FastifyInstance
  let admin: TestAccount
  const clock = testClock('Asia/Dhaka', TODAY, '09:00')
  beforeAll(async () => {
    app = await createTestApp({}, { now: clock.now })
    admin = await createAdmin(app)
  })
  afterAll(() => app.close())

  const read = (query: Record<string, string> = {}, account = admin) =>
    app.inject({
      method: 'GET',
      url: `/api/audit?${new URLSearchParams(query)}`,
      headers: account.headers,
    })
  const page = async (query: Record<string, string> = {}) => {
    const res = await read(query)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { entries: AuditLogEntry[]; timeZone: string; nextCursor: string | null }
  }

  test('pages of 50, newest first, to the last page, filtered by the actor’s e-mail', async () => {
    const actor = await createAdmin(app)
    const total = AUDIT_PAGE_SIZE * 2 + 7
    for (let n = 1; n <= total; n++) {
      await audit(app.database.db, { event: 'sessions_ended', userId: actor.id, detail: { sessions: n } })
    }
    const seen: string[] = []
    let cursor: string | null = null
    const sizes: number[] = []
    do {
      const result: { entries: AuditLogEntry[]; nextCursor: string | null } = await page({
        actor: actor.email.toUpperCase(),
        ...(cursor ? { cursor } : {}),
      })
      sizes.push(result.entries.length)
      seen.push(...result.entries.map((entry) => String(entry.detail.sessions)))
      cursor = result.nextCursor
    } while (cursor)
    expect(sizes).toEqual([AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE, 7])
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => String(total - i)))
  })

  test('without a filter, a page holds everyone’s entries, the newest first', async () => {
    const patient = await createAccount(app)
    await audit(app.database.db, { event: 'sessions_ended', userId: admin.id, detail: { sessions: 1 } })
    await audit(app.database.db, { event: 'sessions_ended', userId: patient.id, detail: { sessions: 2 } })
    const [newest, before] = (await page()).entries
    expect([newest?.subject, before?.subject]).toEqual([patient.email, admin.email])
    expect(Date.parse(newest?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(before?.at ?? ''))
  })

  test('an entry names its actor, its subject and its address, and shows only allow-listed details', async () => {
    const patient = await createAccount(app, { name: 'Amina Rahman' })
    await audit(app.database.db, {
      event: 'attendance_marked',
      userId: patient.id,
      actorId: admin.id,
      address: '203.0.113.7',
      detail: {
        bookingId: 'b-1',
        attendance: 'no_show',
        sessionId: 'a-session-id',
        token: 'a-secret-token',
        passwordHash: '$argon2id$secret',
        to: { name: 'Scaling', price: 900, secret: 'x' },
      },
    })
    const [entry] = (await page({ actor: admin.id, action: 'attendance_marked' })).entries
    expect(entry).toEqual({
      id: expect.any(String),
      at: expect.stringMatching(/Z$/),
      event: 'attendance_marked',
      actor: { name: 'Clinic Admin', email: admin.email },
      subject: patient.email,
      subjectName: 'Amina Rahman',
      address: '203.0.113.7',
      detail: { bookingId: 'b-1', attendance: 'no_show', to: { name: 'Scaling', price: 900 } },
      booking: null,
    })
    expect(JSON.stringify(entry)).not.toMatch(/secret|session-id|argon/)
  })

  test('the system is the actor of entries no account made; a subject may be only an e-mail', async () => {
    const email = `unknown-${Date.now()}@example.test`
    await audit(app.database.db, { event: 'login_failed', email, address: '198.51.100.1' })
    const entry = (await page({ action: 'login_failed' })).entries.find((e) => e.subject === email)
    expect(entry).toMatchObject({ actor: null, subject: email, detail: {} })
  })

  test("a stranger's sign-in failures and reset requests have no actor: the account is only their subject", async () => {
    const patient = await createAccount(app)
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: patient.email, password: 'Wrong!Pass1' },
      remoteAddress: '198.51.100.23',
    })
    await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: patient.email },
      remoteAddress: '198.51.100.23',
    })
    const byStranger = (await page({ action: 'login_failed' })).entries.filter(
      (e) => e.subject === patient.email,
    )
    expect(byStranger).toEqual([expect.objectContaining({ actor: null, address: '198.51.100.23' })])
    const reset = (await page({ action: 'password_reset_requested' })).entries.find(
      (e) => e.subject === patient.email,
    )
    expect(reset).toMatchObject({ actor: null, address: '198.51.100.23' })
    const didByPatient = (await page({ actor: patient.id })).entries.map((e) => e.event)
    expect(didByPatient).not.toContain('login_failed')
    expect(didByPatient).not.toContain('password_reset_requested')
  })

  test('a partial refund (written by the payments trigger) can be filtered and shows the amount refunded', async () => {
    const patient = await createAccount(app)
    await audit(app.database.db, {
      event: 'payment_partially_refunded',
      userId: patient.id,
      actorId: null,
      detail: { bookingId: 'b-9', amountMinor: 80000, refundedMinor: 20000 },
    })
    const [entry] = (await page({ action: 'payment_partially_refunded' })).entries
    expect(entry).toMatchObject({
      subject: patient.email,
      detail: { bookingId: 'b-9', amountMinor: 80000, refundedMinor: 20000 },
    })
  })

  test("an entry about an appointment names it as it was booked, in the clinic's time zone", async () => {
    const patient = await createAccount(app)
    const booked = await book(app, patient)
    expect(booked.statusCode, booked.body).toBe(201)
    const bookingId: string = booked.json().bookings.insertedId
    await audit(app.database.db, {
      event: 'payment_recorded',
      userId: patient.id,
      actorId: null,
      detail: { bookingId, amountMinor: 80000 },
    })
    const reply = await page({ action: 'payment_recorded' })
    expect(reply.timeZone).toBe('Asia/Dhaka')
    expect(reply.entries[0]?.booking).toEqual({
      treatment: 'Teeth Cleaning',
      date: '2026-06-11',
      slot: '10:00 AM - 10:30 AM',
    })
  })

  test('filters by action and actor together; an unknown actor has no entries', async () => {
    const actor = await createAdmin(app)
    await audit(app.database.db, { event: 'doctor_created', actorId: actor.id, detail: { doctorId: 'd-1' } })
    await audit(app.database.db, { event: 'doctor_deleted', actorId: actor.id, detail: { doctorId: 'd-1' } })
    await audit(app.database.db, { event: 'doctor_created', actorId: admin.id, detail: { doctorId: 'd-2' } })

    const byBoth = await page({ actor: actor.email, action: 'doctor_created' })
    expect(byBoth.entries.map((e) => [e.event, e.detail.doctorId])).toEqual([['doctor_created', 'd-1']])
    const byAction = await page({ action: 'doctor_created' })
    expect(byAction.entries.map((e) => e.detail.doctorId)).toEqual(['d-2', 'd-1'])
    expect(byAction.entries.every((e) => e.event === 'doctor_created')).toBe(true)
    expect(await page({ actor: 'nobody@example.test' })).toEqual({
      entries: [],
      timeZone: 'Asia/Dhaka',
      nextCursor: null,
    })
  })

  test('an unknown action or a malformed cursor is refused; patients and anonymous callers too', async () => {
    expect(refusal(await read({ action: 'made_coffee' }))).toEqual({ status: 400, code: 'VALIDATION' })
    expect(refusal(await read({ cursor: 'abc' }))).toEqual({ status: 400, code: 'VALIDATION' })
    const undecodable = await app.inject({
      method: 'GET',
      url: '/api/audit?actor=x%ED%A0%80y',
      headers: admin.headers,
    })
    expect(refusal(undecodable)).toEqual({ status: 400, code: 'VALIDATION' })
    const patient = await createAccount(app)
    expect(refusal(await read({}, patient))).toEqual({ status: 403, code: 'FORBIDDEN' })
    expect(refusal(await app.inject({ method: 'GET', url: '/api/audit' }))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
    })
  })

  test('each page is read along the index of its filter, newest first, not by sorting the whole log', async () => {
    const plan = (filter: Omit<AuditFilter, 'limit'>) =>
      planOf(app.database.db, (db) => auditPage(db, { ...filter, limit: AUDIT_PAGE_SIZE + 1 }))
    expect(await plan({})).toContain('Index Scan Backward using audit_log_at_idx')
    expect(await plan({ event: 'role_changed' })).toContain('audit_log_event_at_idx')
    expect(await plan({ actor: { id: admin.id } })).toContain('audit_log_actor_at_idx')
  })

  test('names and appointments are looked up for the page’s entries only, not planned for the whole log', async () => {
    const plan = await planOf(app.database.db, (db) => auditPage(db, { limit: AUDIT_PAGE_SIZE + 1 }))
    const joins = [...plan.matchAll(/Join {2}\(cost=\S+ rows=(\d+)/g)].map(([, rows]) => Number(rows))
    expect(joins).toHaveLength(3)
    for (const rows of joins) expect(rows).toBeLessThanOrEqual(AUDIT_PAGE_SIZE + 1)
  })

  test.runIf(testDatabaseKind === 'pglite')(
    'on PGlite a page read again runs on its kept plan instead of being planned at every read',
    async () => {
      // A clinic's history, where a plan costed for an unknown count of rows looks dear.
      await app.database.db.execute(
        sql`INSERT INTO audit_log (event, at, detail) SELECT 'sessions_ended', now() - n * interval '1 minute',
          jsonb_build_object('sessions', n) FROM generate_series(1, 20000) n`,
      )
      await app.database.db.execute(sql`ANALYZE audit_log`)
      for (let read = 0; read < 8; read++) await page()
      // Planned for its values the first five times; then PostgreSQL keeps the plan it costs no more.
      const plans = await queryRows<{ generic: number }>(
        app.database.db,
        sql`SELECT generic_plans::int AS generic FROM pg_prepared_statements
          WHERE statement LIKE '%FROM audit_log a WHERE true%' AND statement NOT LIKE '%pg_prepared%'
          AND statement NOT LIKE 'EXPLAIN%'`,
      )
      expect(plans).toHaveLength(1)
      expect(plans[0]?.generic).toBeGreaterThan(0)
    },
  )
})
