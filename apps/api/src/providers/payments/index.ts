import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { PaymentProvider } from './payment-provider'
import { createSandboxProvider } from './sandbox/sandbox-provider'
import { createStripeProvider } from './stripe/stripe-provider'

export * from './payment-provider'
export { createSandboxProvider, isSandboxProvider, type SandboxProvider } from './sandbox/sandbox-provider'
export { createStripeProvider } from './stripe/stripe-provider'

/** The processor PAYMENT_PROVIDER names; the payments module sees only the interface. */
export function createPaymentProvider(payment: Config['payment'], db: Db): PaymentProvider {
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
