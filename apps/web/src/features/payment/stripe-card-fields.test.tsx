// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { ConfirmCard } from './card-payment'

/*
 * Stripe.js comes from Stripe's servers, which this machine cannot reach, so Stripe's two browser
 * packages are replaced by stand-ins with their shapes: the card element reports completeness
 * through onChange, and confirmCardPayment answers as Stripe.js documents it.
 */
const stripe = { confirmCardPayment: vi.fn() }
const cardElement = { kind: 'card element' }
const loadStripe = vi.fn()

vi.mock('@stripe/stripe-js', () => ({ loadStripe: (key: string) => loadStripe(key) }))
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: unknown }) => children,
  useStripe: () => stripe,
  useElements: () => ({ getElement: () => cardElement }),
  CardElement: ({ onChange }: { onChange: (event: { complete: boolean }) => void }) => (
    <button type="button" onClick={() => onChange({ complete: true })}>
      complete the card
    </button>
  ),
}))

const { default: StripeCardFields, STRIPE_LOAD_FAILED } = await import('./stripe-card-fields')

beforeEach(() => {
  stripe.confirmCardPayment.mockReset()
  loadStripe.mockReset()
})
afterEach(cleanup)

/** Renders the Stripe form and returns the latest confirm function it offered (null: not ready). */
async function renderForm(publishableKey: string) {
  let offered: ConfirmCard | null = null
  render(
    <StripeCardFields
      publishableKey={publishableKey}
      disabled={false}
      onEdit={() => {}}
      onReadyChange={(confirm) => {
        offered = confirm
      }}
    />,
  )
  await screen.findByRole('button', { name: 'complete the card' })
  return () => offered
}

const billing = { name: 'Pat Patient', email: 'pat@example.test' }

test('offers a confirm only once the card is complete; it confirms the intent with the card and billing details', async () => {
  loadStripe.mockResolvedValue(stripe)
  const confirmOffered = await renderForm('pk_test_one')
  expect(loadStripe).toHaveBeenCalledWith('pk_test_one')
  expect(confirmOffered()).toBeNull()

  act(() => fireEvent.click(screen.getByRole('button', { name: 'complete the card' })))
  const confirm = confirmOffered()
  expect(confirm).toBeTypeOf('function')

  stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_123', status: 'succeeded' } })
  await expect(confirm?.('pi_123_secret_abc', billing)).resolves.toEqual({ paymentIntentId: 'pi_123' })
  expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_123_secret_abc', {
    payment_method: { card: cardElement, billing_details: billing },
  })
})

test("Stripe's error message comes back with ' Please Try Again!'", async () => {
  loadStripe.mockResolvedValue(stripe)
  const confirmOffered = await renderForm('pk_test_two')
  act(() => fireEvent.click(screen.getByRole('button', { name: 'complete the card' })))
  stripe.confirmCardPayment.mockResolvedValue({
    error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
  })
  await expect(confirmOffered()?.('pi_9_secret_x', billing)).resolves.toEqual({
    failure: 'Your card was declined. Please Try Again!',
  })
})

test('Stripe.js that cannot be loaded says so instead of a form that never gets ready', async () => {
  loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'))
  render(
    <StripeCardFields
      publishableKey="pk_test_three"
      disabled={false}
      onReadyChange={() => {}}
      onEdit={() => {}}
    />,
  )
  expect(await screen.findByRole('alert')).toHaveProperty('textContent', STRIPE_LOAD_FAILED)
})
