import { formatMediumDate } from '@shared/clinic-time'
import type { MailContent } from '../../lib/mail-content'

export interface ReceiptFacts {
  email: string
  patientName: string
  treatmentName: string
  date: string
  slot: string
  amountMinor: number
  /** Refunded so far; read only by the receipt of a partial refund. */
  amountRefundedMinor?: number
  cardBrand: string | null
  cardLast4: string | null
}

export type ReceiptKind = 'payment' | 'refund' | 'partial_refund'

// One formatter: toLocaleString builds a new one at every call (18-29 µs against 0.5, decision 0072).
const amount = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })
const taka = (minor: number) => `${amount.format(minor / 100)} TK`

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' }

const cardOf = ({ cardBrand, cardLast4 }: ReceiptFacts) =>
  cardLast4 ? `${BRANDS[cardBrand ?? ''] ?? 'Card'} ending in ${cardLast4}` : 'Card'

const BANK_DELAY = 'Depending on your bank, it shows on your statement within 5 to 10 days.'

/** What each receipt says first, and how it names the amount. */
function wording(kind: ReceiptKind, r: ReceiptFacts) {
  switch (kind) {
    case 'payment':
      return {
        subject: 'Payment received',
        intro: 'Thank you: we received your payment.',
        amount: `Amount paid: ${taka(r.amountMinor)}`,
        card: 'Paid with',
      }
    case 'refund':
      return {
        subject: 'Refund issued',
        intro: `Your payment was refunded in full. ${BANK_DELAY}`,
        amount: `Amount refunded: ${taka(r.amountMinor)}`,
        card: 'Refunded to',
      }
    case 'partial_refund':
      return {
        subject: 'Partial refund issued',
        intro: `Part of your payment was refunded. Your appointment stays booked. ${BANK_DELAY}`,
        amount: `Amount refunded: ${taka(r.amountRefundedMinor ?? 0)} of ${taka(r.amountMinor)}`,
        card: 'Refunded to',
      }
  }
}

/** The patient's receipt for a payment or its refund: what was paid, for what, with which card. */
export function receiptMail(kind: ReceiptKind, r: ReceiptFacts, publicUrl: string): MailContent {
  const w = wording(kind, r)
  const when = `${formatMediumDate(r.date)}, ${r.slot}`
  const text = [
    `Hello ${r.patientName},`,
    '',
    w.intro,
    '',
    w.amount,
    `Treatment: ${r.treatmentName}`,
    `Date: ${formatMediumDate(r.date)}`,
    `Time: ${r.slot}`,
    `${w.card}: ${cardOf(r)}`,
    '',
    `Your appointments: ${publicUrl}/dashboard`,
    '',
    'Doctors Portal',
  ].join('\n')
  return { to: r.email, subject: `${w.subject}: ${r.treatmentName} on ${when}`, text }
}
