/** Shown while a card form's code, or Stripe.js, is on its way. */
export function CardFormLoading() {
  return (
    <p role="status" className="flex items-center gap-2 text-sm">
      <span className="loading loading-dots" aria-hidden="true" />
      Loading the card form…
    </p>
  )
}
