import type { ReactNode } from 'react'

/** The full-width submit button of the account forms: disabled, with a spinner, while sending. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn-neutral w-full" disabled={pending}>
      {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {children}
    </button>
  )
}
