import { and, eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { outbox } from '../../db/schema'
import { book, day, freeSlots, TODAY, testClock } from '../../test/booking-kit'
import { captureMail } from '../../test/captured-mail'
import { signUp } from '../../test/factories'
import { payWithSandbox } from '../../test/payment-kit'
import { createTestApp } from '../../test/test-app'
import { receiptMail } from './receipt-mail'

const facts = {
  email: 'ann@example.test',
  patientName: 'Ann',
  treatmentName: 'Root Canal',
  date: '2026-06-13',
  slot: '10:00 AM - 10:30 AM',
  amountMinor: 150_000,
  cardBrand: 'visa',
  cardLast4: '4242',
}

test('a receipt says what was paid or refunded, in TK, for which appointment, with which card', () => {
  const paid = receiptMail('payment', facts, 'https://portal.example')
  expect(paid.to).toBe('ann@example.test')
  expect(paid.subject).toBe('Payment received: Root Canal on Jun 13, 2026, 10:00 AM - 10:30 AM')
  for (const line of [
    'Amount paid: 1,500 TK',
    'Treatment: Root Canal',
    'Date: Jun 13, 2026',
    'Time: 10:00 AM - 10:30 AM',
    'Paid with: Visa ending in 4242',
    'Doctors Portal',
  ])
    expect(paid.text).toContain(line)

  const refunded = receiptMail('refund', facts, 'https://portal.example')
  expect(refunded.subject).toBe('Refund issued: Root Canal on Jun 13, 2026, 10:00 AM - 10:30 AM')
  expect(refunded.text).toContain('Amount refunded: 1,500 TK')
  expect(refunded.text).toContain('Refunded to: Visa ending in 4242')

  const partial = receiptMail(
    'partial_refund',
    { ...facts, amountRefundedMinor: 50_000 },
    'https://portal.example',
  )
  expect(partial.subject).toBe('Partial refund issued: Root Canal on Jun 13, 2026, 10:00 AM - 10:30 AM')
  expect(partial.text).toContain('Amount refunded: 500 TK of 1,500 TK')
  expect(partial.text).toContain('Your appointment stays booked.')
  expect(partial.text).not.toContain('in full')
})

test('a patient who deleted their account gets no receipt', async () => {
  const HOUR = 3_600_000
  const mail = captureMail()
  const clock = testClock('Asia/Dhaka', TODAY, '09:10')
  // Only drain() sends, so that the receipt is still waiting when the account goes.
  const outboxTiming = { quietMs: HOUR, maxWaitMs: HOUR, pollMs: HOUR }
  const app = await createTestApp({}, { now: clock.now, mailer: mail, outboxTiming })
  try {
    const patient = await signUp(app)
    const [slot] = await freeSlots(app, day(3))
    const booked = await book(app, patient, { appointmentDate: day(3), slot })
    const bookingId: string = booked.json().bookings.insertedId
    await payWithSandbox(app, patient, bookingId)
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: patient.headers,
      payload: { password: patient.password },
    })
    expect(deleted.statusCode).toBe(200)
    await app.outbox.drain()
    expect(mail.sent).toEqual([])
    const [receipt] = await app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.bookingId, bookingId), eq(outbox.kind, 'payment_receipt')))
    expect(receipt?.sentAt).toBeNull()
    expect(receipt?.failedAt).toBeInstanceOf(Date)
  } finally {
    await app.close()
  }
})
