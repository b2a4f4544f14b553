import { formatMediumDate } from '@shared/clinic-time'
import type { MailContent } from '../../providers/mail/mailer'

export interface ReceiptFacts {
  email: string
  patientName: string
  treatmentName: string
  date: string
  slot: string
  amountMinor: number
  cardBrand: string | null
  cardLast4: string | null
}

const taka = (minor: number) => `${(minor / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} TK`

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' }

const cardOf = ({ cardBrand, cardLast4 }: ReceiptFacts) =>
  cardLast4 ? `${BRANDS[cardBrand ?? ''] ?? 'Card'} ending in ${cardLast4}` : 'Card'

/** The patient's receipt for a payment or its refund: what was paid, for what, with which card. */
export function receiptMail(kind: 'payment' | 'refund', r: ReceiptFacts, publicUrl: string): MailContent {
  const paid = kind === 'payment'
  const when = `${formatMediumDate(r.date)}, ${r.slot}`
  const text = [
    `Hello ${r.patientName},`,
    '',
    paid
      ? 'Thank you: we received your payment.'
      : 'Your payment was refunded in full. Depending on your bank, it shows on your statement within 5 to 10 days.',
    '',
    `${paid ? 'Amount paid' : 'Amount refunded'}: ${taka(r.amountMinor)}`,
    `Treatment: ${r.treatmentName}`,
    `Date: ${formatMediumDate(r.date)}`,
    `Time: ${r.slot}`,
    `${paid ? 'Paid with' : 'Refunded to'}: ${cardOf(r)}`,
    '',
    `Your appointments: ${publicUrl}/dashboard`,
    '',
    'Doctors Portal',
  ].join('\n')
  return {
    to: r.email,
    subject: `${paid ? 'Payment received' : 'Refund issued'}: ${r.treatmentName} on ${when}`,
    text,
  }
}
