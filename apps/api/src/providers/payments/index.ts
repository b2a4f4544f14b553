import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { PaymentProvider } from './payment-provider'
import { createSandboxProvider } from './sandbox/sandbox-provider'

export * from './payment-provider'
export { createSandboxProvider, isSandboxProvider, type SandboxProvider } from './sandbox/sandbox-provider'

/** The processor PAYMENT_PROVIDER names; the payments module sees only the interface. */
export function createPaymentProvider(payment: Config['payment'], db: Db): PaymentProvider {
  switch (payment.provider) {
    case 'sandbox':
      return createSandboxProvider(db)
    case 'stripe':
      throw new Error('PAYMENT_PROVIDER=stripe: provider not available')
  }
}
