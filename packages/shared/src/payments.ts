import { z } from 'zod'
import { Id } from './ids'
import { CARD_MESSAGES } from './payment-messages'
import { isPlainText, PLAIN_TEXT_MESSAGE } from './text'

/** Fees are whole taka; providers take minor units (poisha). */
export const CURRENCY = 'bdt'
export const toMinorUnits = (taka: number) => taka * 100

/** Text the client must send; a provider's ids (a transaction, a secret) are case-sensitive. */
const Given = (what: string) =>
  z
    .string({ error: `Please give the ${what}.` })
    .min(1, `Please give the ${what}.`)
    .max(255, `This ${what} is not valid.`)
    .refine(isPlainText, PLAIN_TEXT_MESSAGE)

export const CreatePaymentIntentBody = z.object(
  {
    bookingId: Given('booking').pipe(Id),
    /** The spec's client sends the price; the server charges the booking's own fee. */
    price: z.unknown().optional(),
  },
  { error: 'The payment details are missing.' },
)
export type CreatePaymentIntentBody = z.infer<typeof CreatePaymentIntentBody>

export const CreatePaymentIntentReply = z.object({ clientSecret: z.string() })
export type CreatePaymentIntentReply = z.infer<typeof CreatePaymentIntentReply>

/** Spec section 3's payment record; `price` and `email` are accepted and ignored. */
export const RecordPaymentBody = z.object(
  {
    transactionId: Given('transaction'),
    bookingId: Given('booking').pipe(Id),
    price: z.unknown().optional(),
    email: z.unknown().optional(),
  },
  { error: 'The payment details are missing.' },
)
export type RecordPaymentBody = z.infer<typeof RecordPaymentBody>

export const RecordPaymentReply = z.object({ payment: z.object({ insertedId: z.string() }) })
export type RecordPaymentReply = z.infer<typeof RecordPaymentReply>

/**
 * `GET /api/payments/config`: which card form the payment page shows (the publishable key is
 * public by design) and until when a paid booking is cancelled with a refund.
 */
export const PaymentConfigReply = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('sandbox'), refundCutoffHours: z.number().int() }),
  z.object({
    provider: z.literal('stripe'),
    publishableKey: z.string(),
    refundCutoffHours: z.number().int(),
  }),
])
export type PaymentConfigReply = z.infer<typeof PaymentConfigReply>

/** `POST /api/payments/webhook`: Stripe needs only a 2xx to stop delivering the event. */
export const WebhookReply = z.object({ received: z.literal(true) })
export type WebhookReply = z.infer<typeof WebhookReply>

const CardDigits = z
  .string({ error: CARD_MESSAGES.invalidNumber })
  .max(40, CARD_MESSAGES.invalidNumber)
  .transform((value) => value.replace(/[\s-]/g, ''))

/** The sandbox processor's confirm call, as Stripe.js's confirmCardPayment would send it. */
export const SandboxConfirmBody = z.object(
  {
    clientSecret: Given('payment'),
    card: z.object(
      {
        number: CardDigits,
        expMonth: z.number({ error: CARD_MESSAGES.invalidExpiry }).int(CARD_MESSAGES.invalidExpiry),
        expYear: z.number({ error: CARD_MESSAGES.invalidExpiry }).int(CARD_MESSAGES.invalidExpiry),
        cvc: z.string({ error: CARD_MESSAGES.invalidCvc }).max(10, CARD_MESSAGES.invalidCvc),
      },
      { error: 'Please enter your card details.' },
    ),
    billingDetails: z
      .object({
        name: z.string().max(200).refine(isPlainText, PLAIN_TEXT_MESSAGE).optional(),
        email: z.string().max(254).refine(isPlainText, PLAIN_TEXT_MESSAGE).optional(),
      })
      .optional(),
  },
  { error: 'Please enter your card details.' },
)
export type SandboxConfirmBody = z.input<typeof SandboxConfirmBody>

export const SandboxConfirmReply = z.object({
  paymentIntent: z.object({ id: z.string(), status: z.literal('succeeded') }),
})
export type SandboxConfirmReply = z.infer<typeof SandboxConfirmReply>
