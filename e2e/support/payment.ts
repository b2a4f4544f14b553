import type { SandboxConfirmReply } from '@shared/payments'
import type { Page } from 'playwright-core'
import { callAsPage } from './booking'

/** The sandbox's card that always succeeds, with a far expiry. */
export const GOOD_CARD = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' }

/**
 * Pays a booking the way the payment page does, through the API (for tests about other screens):
 * intent, sandbox confirm, then the record the server checks with the processor.
 */
export async function payViaApi(page: Page, bookingId: string): Promise<void> {
  const intent = await callAsPage(page, 'POST', '/api/create-payment-intent', { bookingId })
  const { clientSecret } = (await intent.json()) as { clientSecret: string }
  const confirm = await callAsPage(page, 'POST', '/api/payments/sandbox/confirm', {
    clientSecret,
    card: GOOD_CARD,
  })
  const { paymentIntent } = (await confirm.json()) as SandboxConfirmReply
  const record = await callAsPage(page, 'POST', '/api/payments', {
    bookingId,
    transactionId: paymentIntent.id,
  })
  if (record.status() !== 200) throw new Error(`payment failed: ${record.status()} ${await record.text()}`)
}
