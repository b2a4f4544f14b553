import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import { loadStripe, type Stripe, type StripeCardElementChangeEvent } from '@stripe/stripe-js'
import { useEffect, useState } from 'react'
import { CardFormLoading } from './card-form-loading'
import { type CardFieldsProps, type ConfirmCard, cardFailure } from './card-payment'

// Stripe.js is fetched once per page load, from Stripe (the CSP allows it only with PAYMENT_PROVIDER=stripe).
const stripeLoads = new Map<string, Promise<Stripe | null>>()
const stripeFor = (publishableKey: string) => {
  const load = stripeLoads.get(publishableKey) ?? loadStripe(publishableKey)
  stripeLoads.set(publishableKey, load)
  return load
}

export const STRIPE_LOAD_FAILED =
  'The card form could not be loaded from our payment provider. Please check your connection and reload the page.'
const FALLBACK_MESSAGE = 'Your payment could not be completed.'

type StripeCardFieldsProps = CardFieldsProps & { publishableKey: string }
type StripeLoad = { state: 'loading' } | { state: 'ready'; stripe: Stripe } | { state: 'failed' }

/**
 * Stripe Elements (PAYMENT_PROVIDER=stripe). This module and Stripe.js load only on the payment
 * page and only with Stripe configured; the card details go to Stripe, never to our server.
 */
export default function StripeCardFields({ publishableKey, ...fields }: StripeCardFieldsProps) {
  const [load, setLoad] = useState<StripeLoad>({ state: 'loading' })
  useEffect(() => {
    let current = true
    const settle = (next: StripeLoad) => current && setLoad(next)
    stripeFor(publishableKey).then(
      (stripe) => settle(stripe ? { state: 'ready', stripe } : { state: 'failed' }),
      () => settle({ state: 'failed' }),
    )
    return () => {
      current = false
    }
  }, [publishableKey])

  if (load.state === 'failed') {
    return (
      <p role="alert" className="alert alert-error alert-soft text-sm">
        {STRIPE_LOAD_FAILED}
      </p>
    )
  }
  if (load.state === 'loading') return <CardFormLoading />
  return (
    <Elements stripe={load.stripe}>
      <CardFields {...fields} />
    </Elements>
  )
}

function CardFields({ onReadyChange, onEdit, disabled }: CardFieldsProps) {
  const stripe = useStripe()
  const elements = useElements()
  const [complete, setComplete] = useState(false)

  useEffect(() => {
    const card = elements?.getElement(CardElement)
    if (!stripe || !card || !complete) return onReadyChange(null)
    const confirm: ConfirmCard = async (clientSecret, billing) => {
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: billing },
      })
      if (result.error) return { failure: cardFailure(result.error.message ?? FALLBACK_MESSAGE) }
      return { paymentIntentId: result.paymentIntent.id }
    }
    onReadyChange(confirm)
  }, [stripe, elements, complete, onReadyChange])

  return (
    <fieldset className="flex flex-col gap-1.5" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-semibold">Card details</legend>
      <div className="input w-full py-3">
        <CardElement
          className="w-full"
          options={{ disabled, hidePostalCode: true }}
          onChange={(event: StripeCardElementChangeEvent) => {
            onEdit()
            setComplete(event.complete)
          }}
        />
      </div>
    </fieldset>
  )
}
