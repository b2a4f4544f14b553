import { PAYMENT_MESSAGES } from '@shared/payment-messages'
import { SandboxConfirmBody, SandboxConfirmReply } from '@shared/payments'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../errors'
import { registerRouteRateLimits } from '../../plugins/route-rate-limits'
import type { SandboxProvider } from '../../providers/payments'
import type { PaymentService } from './service'

/**
 * Per address: the client secret is the only credential (as with Stripe.js), so this is what
 * stops a script from trying stolen card numbers in bulk. Every attempt counts, valid or not.
 */
const confirmRateLimit = { max: 30, timeWindow: '1 minute' } as const

/**
 * The sandbox's stand-in for Stripe.js's confirmCardPayment (decision 0018). The card in the
 * body is handed to the provider and forgotten; the logger censors the `card` field besides.
 */
export const sandboxPaymentRoutes: FastifyPluginAsyncZod<{
  sandbox: SandboxProvider
  payments: PaymentService
}> = async (app, { sandbox, payments }) => {
  await registerRouteRateLimits(app, () => PAYMENT_MESSAGES.tooManyAttempts)

  app.post(
    '/payments/sandbox/confirm',
    {
      config: { rateLimit: confirmRateLimit },
      schema: { body: SandboxConfirmBody, response: { 200: SandboxConfirmReply } },
    },
    async (req) => {
      // A cancelled booking's intent is canceled too; one made before the start is not, so ask.
      await payments.assertConfirmable(req.body.clientSecret)
      const result = await sandbox.confirm(
        { clientSecret: req.body.clientSecret, card: req.body.card },
        app.now(),
      )
      if (!result) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.invalidSecret)
      if (!result.ok) throw new AppError(result.code, result.message)
      return { paymentIntent: { id: result.intent.id, status: 'succeeded' as const } }
    },
  )
}
