import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { PaymentProvider } from './payment-provider'
import { createSandboxProvider } from './sandbox/sandbox-provider'
import type { StripeOptions } from './stripe/stripe-provider'

export * from './payment-provider'
export { createSandboxProvider, isSandboxProvider, type SandboxProvider } from './sandbox/sandbox-provider'
export type { StripeOptions } from './stripe/stripe-provider'

/**
 * Stripe's SDK is a megabyte of JavaScript, loaded only where Stripe is the processor: a start
 * with the sandbox does not parse it (decision 0042).
 */
export async function createStripeProvider(options: StripeOptions): Promise<PaymentProvider> {
  const stripe = await import('./stripe/stripe-provider')
  return stripe.createStripeProvider(options)
}

/** The processor PAYMENT_PROVIDER names; the payments module sees only the interface. */
export async function createPaymentProvider(payment: Config['payment'], db: Db): Promise<PaymentProvider> {
  switch (payment.provider) {
    case 'sandbox':
      return createSandboxProvider(db)
    case 'stripe': {
      const { stripeSecretKey, stripeWebhookSecret } = payment
      // Configuration refuses PAYMENT_PROVIDER=stripe without both; this only informs the types.
      if (!stripeSecretKey || !stripeWebhookSecret) throw new Error('Stripe keys missing')
      return createStripeProvider({ secretKey: stripeSecretKey, webhookSecret: stripeWebhookSecret })
    }
  }
}
