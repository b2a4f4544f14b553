import { SANDBOX_TEST_CARDS } from '@shared/payment-messages'
import { type ChangeEvent, useEffect, useState } from 'react'
import { TextField } from '../../components/text-field'
import { ApiError, userMessage } from '../../lib/http'
import { confirmSandboxPayment } from './api/confirm-sandbox-payment'
import {
  type CardDetails,
  type CardField,
  cardFieldErrors,
  completeCard,
  formatCardNumber,
  formatCvc,
  formatExpiry,
} from './card-format'
import { type CardFieldsProps, type ConfirmCard, cardFailure } from './card-payment'

// The processor refuses a card with 402; anything else (a lost connection, too many tries) is ours.
const CARD_REFUSED = 402

const confirmWith =
  (card: CardDetails): ConfirmCard =>
  async (clientSecret, billingDetails) => {
    try {
      const { paymentIntent } = await confirmSandboxPayment({ clientSecret, card, billingDetails })
      return { paymentIntentId: paymentIntent.id }
    } catch (error) {
      const refused = error instanceof ApiError && error.status === CARD_REFUSED
      return { failure: refused ? cardFailure(error.message) : userMessage(error) }
    }
  }

/**
 * The offline processor's card form (PAYMENT_PROVIDER=sandbox), formatted as the patient types. A
 * field typed in says what is wrong with it once the patient has left it, in the processor's words.
 */
export function SandboxCardFields({ onReadyChange, onEdit, disabled }: CardFieldsProps) {
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' })
  const [left, setLeft] = useState<Record<CardField, boolean>>({ number: false, expiry: false, cvc: false })
  const errors = cardFieldErrors(card.number, card.expiry, card.cvc, new Date())

  useEffect(() => {
    const details = completeCard(card.number, card.expiry, card.cvc, new Date())
    onReadyChange(details ? confirmWith(details) : null)
  }, [card, onReadyChange])

  const field = (name: CardField, format: (value: string) => string) => ({
    value: card[name],
    disabled,
    error: left[name] && card[name] !== '' ? errors[name] : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      onEdit()
      setCard((current) => ({ ...current, [name]: format(event.target.value) }))
    },
    onBlur: () => setLeft((current) => ({ ...current, [name]: true })),
  })

  return (
    <div className="flex flex-col gap-4">
      <TestProcessorNote />
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        {...field('number', formatCardNumber)}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          {...field('expiry', formatExpiry)}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          {...field('cvc', formatCvc)}
        />
      </div>
    </div>
  )
}

function TestProcessorNote() {
  return (
    <section aria-label="Test processor" className="rounded-box bg-info/10 p-4 text-sm">
      <p className="font-semibold">This is a test payment processor: no real card is charged.</p>
      <p className="mt-1 text-base-content/80">
        Use any future expiry date and any three-digit CVC with one of these cards:
      </p>
      <ul className="mt-2 flex flex-col gap-1">
        {SANDBOX_TEST_CARDS.map((card) => (
          <li key={card.number} className="flex flex-wrap gap-x-2">
            <span className="font-mono whitespace-nowrap">{card.number}</span>
            <span className="text-base-content/80">{card.outcome}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
