/** Who pays, as the provider records it (spec section 7: billing name and e-mail). */
export type BillingDetails = { name: string; email: string }

/** What a card form's confirmation ends in: the succeeded intent's id, or what to tell the patient. */
export type CardOutcome = { paymentIntentId: string } | { failure: string }

/** Charges the filled-in card for the intent behind `clientSecret`. */
export type ConfirmCard = (clientSecret: string, billing: BillingDetails) => Promise<CardOutcome>

/**
 * What both card forms (sandbox and Stripe Elements) give the page: a way to charge the card once
 * the form is complete, or null while it is not.
 */
export type CardFieldsProps = {
  onReadyChange: (confirm: ConfirmCard | null) => void
  /** The patient changed the card: what the processor said of the last one no longer applies. */
  onEdit: () => void
  disabled: boolean
}

/** Spec section 9: the provider's own words, then the invitation to try again. */
export const cardFailure = (providerMessage: string) => `${providerMessage} Please Try Again!`
