import type { Booking } from '@shared/bookings'
import type { PaymentConfigReply } from '@shared/payments'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useState } from 'react'
import { useNavigate } from 'react-router'
import { userMessage } from '../../lib/http'
import { paymentIntentQueryOptions } from './api/create-payment-intent'
import { CardFormLoading } from './card-form-loading'
import type { ConfirmCard } from './card-payment'
import { PaymentSuccessDialog } from './payment-success-dialog'
import { SandboxCardFields } from './sandbox-card-fields'
import { usePayBooking } from './use-pay-booking'

// Stripe Elements and Stripe.js stay out of the page's own chunk: only a Stripe clinic loads them.
const StripeCardFields = lazy(() => import('./stripe-card-fields'))

type CheckoutProps = { booking: Booking; price: number; config: PaymentConfigReply }

/**
 * The card form and the Pay button (spec section 5): Pay waits for a complete form and the client
 * secret, and stays disabled while the payment is under way and once it is made.
 */
export function Checkout({ booking, price, config }: CheckoutProps) {
  const navigate = useNavigate()
  const intent = useQuery(paymentIntentQueryOptions(booking._id))
  const [confirm, setConfirm] = useState<ConfirmCard | null>(null)
  const onReadyChange = useCallback((next: ConfirmCard | null) => setConfirm(() => next), [])
  const pay = usePayBooking(booking)
  const clientSecret = intent.data?.clientSecret
  const busy = pay.isPending || pay.isSuccess
  const canPay = Boolean(confirm && clientSecret) && !busy

  const fields = { onReadyChange, onEdit: pay.reset, disabled: busy }
  return (
    <section aria-labelledby="card-payment" className="card border border-base-300 bg-base-100">
      <form
        className="card-body gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (canPay && confirm && clientSecret) pay.mutate({ confirm, clientSecret })
        }}
      >
        <h2 id="card-payment" className="card-title">
          Pay by card
        </h2>
        {config.provider === 'stripe' ? (
          <Suspense fallback={<CardFormLoading />}>
            <StripeCardFields publishableKey={config.publishableKey} {...fields} />
          </Suspense>
        ) : (
          <SandboxCardFields {...fields} />
        )}
        {intent.isError ? (
          <p role="alert" className="text-sm text-error">
            {userMessage(intent.error)}
          </p>
        ) : null}
        {pay.failure ? (
          <p role="alert" className="alert alert-error alert-soft text-sm">
            {pay.failure}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={!canPay}>
          {pay.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Pay {price} TK
        </button>
      </form>
      {pay.isSuccess ? <PaymentSuccessDialog onClose={() => navigate('/dashboard')} /> : null}
    </section>
  )
}
