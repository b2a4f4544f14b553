import type { ReactNode } from 'react'

const LOOKS = {
  /** The full-width button of the account forms. */
  form: 'btn btn-neutral w-full',
  /** The primary action beside a dialog's Cancel. */
  dialog: 'btn btn-primary',
} as const

/** A form's submit button: disabled, with a spinner, while sending. */
export function SubmitButton({
  pending,
  variant = 'form',
  children,
}: {
  pending: boolean
  variant?: keyof typeof LOOKS
  children: ReactNode
}) {
  return (
    <button type="submit" className={LOOKS[variant]} disabled={pending}>
      {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {children}
    </button>
  )
}
