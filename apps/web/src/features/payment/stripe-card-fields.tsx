import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import { loadStripe, type Stripe, type StripeCardElementChangeEvent } from '@stripe/stripe-js'
import { useEffect, useState } from 'react'
import { type CardFieldsProps, type ConfirmCard, cardFailure } from './card-payment'

// Stripe.js is fetched once per page load, from Stripe (the CSP allows it only with PAYMENT_PROVIDER=stripe).
const stripeLoads = new Map<string, Promise<Stripe | null>>()
const stripeFor = (publishableKey: string) => {
  const load = stripeLoads.get(publishableKey) ?? loadStripe(publishableKey)
  stripeLoads.set(publishableKey, load)
  return load
}

const FALLBACK_MESSAGE = 'Your payment could not be completed.'

type StripeCardFieldsProps = CardFieldsProps & { publishableKey: string }

/**
 * Stripe Elements (PAYMENT_PROVIDER=stripe). This module and Stripe.js load only on the payment
 * page and only with Stripe configured; the card details never reach our server.
 */
export default function StripeCardFields({ publishableKey, ...fields }: StripeCardFieldsProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardFields {...fields} />
    </Elements>
  )
}

function CardFields({ onReadyChange, disabled }: CardFieldsProps) {
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
          onChange={(event: StripeCardElementChangeEvent) => setComplete(event.complete)}
        />
      </div>
    </fieldset>
  )
}
