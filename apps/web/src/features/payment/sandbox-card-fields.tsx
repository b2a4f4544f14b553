import { SANDBOX_TEST_CARDS } from '@shared/payment-messages'
import { useEffect, useState } from 'react'
import { TextField } from '../../components/text-field'
import { ApiError, userMessage } from '../../lib/http'
import { confirmSandboxPayment } from './api/confirm-sandbox-payment'
import { type CardDetails, completeCard, formatCardNumber, formatCvc, formatExpiry } from './card-format'
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

/** The offline processor's card form (PAYMENT_PROVIDER=sandbox), formatted as the patient types. */
export function SandboxCardFields({ onReadyChange, disabled }: CardFieldsProps) {
  const [number, setNumber] = useState('')
  const [expiry, setExpiry] = useState('')
  const [cvc, setCvc] = useState('')

  useEffect(() => {
    const card = completeCard(number, expiry, cvc)
    onReadyChange(card ? confirmWith(card) : null)
  }, [number, expiry, cvc, onReadyChange])

  return (
    <div className="flex flex-col gap-4">
      <TestProcessorNote />
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={number}
        disabled={disabled}
        onChange={(event) => setNumber(formatCardNumber(event.target.value))}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={expiry}
          disabled={disabled}
          onChange={(event) => setExpiry(formatExpiry(event.target.value))}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          value={cvc}
          disabled={disabled}
          onChange={(event) => setCvc(formatCvc(event.target.value))}
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
