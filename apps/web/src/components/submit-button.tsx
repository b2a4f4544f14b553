import type { ReactNode } from 'react'
import { useHydrated } from './use-hydrated'

const LOOKS = {
  /** The full-width button of the account forms. */
  form: 'btn btn-neutral w-full',
  /** The primary action beside a dialog's Cancel. */
  dialog: 'btn btn-primary',
} as const

/** A form's submit button: disabled, with a spinner, while sending, and until the page is hydrated. */
export function SubmitButton({
  pending,
  variant = 'form',
  children,
}: {
  pending: boolean
  variant?: keyof typeof LOOKS
  children: ReactNode
}) {
  const hydrated = useHydrated()
  return (
    <button type="submit" className={LOOKS[variant]} disabled={pending || !hydrated}>
      {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {children}
    </button>
  )
}
