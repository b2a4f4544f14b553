/*
 * The payment texts on their own, without zod, so that pages which only show them (My
 * Appointment's cancel dialog, the payment page) do not load the schemas' library.
 */

import { CALL_THE_CLINIC } from './clinic-contact'

/** What the patient reads when a payment or a refund cannot go ahead. */
export const PAYMENT_MESSAGES = {
  notPriced: 'This appointment has no fee to pay.',
  alreadyPaid: 'This appointment is already paid.',
  cancelled: 'This appointment was cancelled, so there is nothing to pay.',
  past: 'This appointment has already started, so it can no longer be paid online.',
  notConfirmed: 'The payment was not completed, so nothing was charged to this appointment.',
  providerDown: 'The payment service could not be reached. Please try again in a moment.',
  refundFailed: `The refund could not be made, so your appointment is unchanged. Please try again or ${CALL_THE_CLINIC}.`,
  /** After REFUND_CUTOFF_HOURS, as the issue words it, with the number and hours. */
  refundCutoffPassed: `Please ${CALL_THE_CLINIC} to cancel a paid appointment.`,
  invalidSecret: 'This payment could not be found. Please reload the page and try again.',
  tooManyAttempts: 'Too many payment attempts. Please wait a minute and try again.',
  webhookSignature: 'The webhook signature could not be verified.',
} as const

/**
 * The sandbox's answers, Stripe's own words for the same cards (ARCHITECTURE §3), so a patient
 * reads the same thing offline and in production.
 */
export const CARD_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  authenticationRequired: 'This card requires authentication.',
  invalidNumber: 'Your card number is invalid.',
  expired: "Your card's expiration date is in the past.",
  invalidExpiry: "Your card's expiration date is invalid.",
  invalidCvc: "Your card's security code is invalid.",
} as const

/** What the sandbox's payment page lists for patients and testers to try. */
export const SANDBOX_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: CARD_MESSAGES.declined },
  { number: '4000 0000 0000 9995', outcome: CARD_MESSAGES.insufficientFunds },
  { number: '4000 0025 0000 3155', outcome: CARD_MESSAGES.authenticationRequired },
] as const
