import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { preparedQuery } from '../../db/prepared-query'
import { bookings, payments, users } from '../../db/schema'
import { type MailRenderers, patientMailRenderer } from '../outbox'
import { receiptMail } from './receipt-mail'

/** The payment and its booking as the receipt shows them now. */
async function paymentForReceipt(db: Db, bookingId: string) {
  const [row] = await receiptFacts(db).execute({ bookingId })
  return row
}

const receiptFacts = preparedQuery('payments_receipt_facts', (db) =>
  db
    .select({
      email: users.email,
      patientDeletedAt: users.deletedAt,
      patientName: bookings.patientName,
      treatmentName: bookings.treatmentName,
      date: bookings.appointmentDate,
      slot: bookings.slotLabel,
      amountMinor: payments.amountMinor,
      amountRefundedMinor: payments.amountRefundedMinor,
      cardBrand: payments.cardBrand,
      cardLast4: payments.cardLast4,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(payments.bookingId, sql.placeholder('bookingId'))),
)

/**
 * The receipts the payments trigger writes with the booking's id only (migration 0010): a
 * refund receipt says 'partial' while less than the whole amount is refunded.
 */
export function receiptRenderers(db: Db, publicUrl: string): MailRenderers {
  const render = patientMailRenderer(
    (bookingId) => paymentForReceipt(db, bookingId),
    'the payment no longer exists',
    (payment, mail) => {
      const refundKind = payment.amountRefundedMinor < payment.amountMinor ? 'partial_refund' : 'refund'
      return receiptMail(mail.kind === 'payment_receipt' ? 'payment' : refundKind, payment, publicUrl)
    },
  )
  return { payment_receipt: render, refund_receipt: render }
}
