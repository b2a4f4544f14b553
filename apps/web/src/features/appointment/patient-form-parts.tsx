import type { ReactNode } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { Link } from 'react-router'
import { SubmitButton } from '../../components/submit-button'
import { TextField } from '../../components/text-field'

type PhoneBinding = UseFormRegisterReturn & { error?: string }

/** The patient's phone, as a booking and the waitlist ask it: editable once signed in. */
export function PhoneNumberField({ signedIn, binding }: { signedIn: boolean; binding: PhoneBinding }) {
  return (
    <TextField
      compact
      label="Phone Number"
      placeholder="Phone Number"
      type="tel"
      autoComplete="tel"
      disabled={!signedIn}
      required
      {...binding}
    />
  )
}

type PatientFormEndProps = {
  signedIn: boolean
  pending: boolean
  onClose: () => void
  /** Where sign-in sends the visitor back to: the appointment page, with what they chose. */
  signInState: object
  children: ReactNode
}

/** Cancel and send for a signed-in patient; for a visitor, the spec's link to sign in first. */
export function PatientFormEnd({ signedIn, pending, onClose, signInState, children }: PatientFormEndProps) {
  if (!signedIn)
    return (
      <p className="mt-2 text-center">
        <Link to="/login" state={signInState} className="link link-primary font-semibold">
          Please Login For Book Appointment
        </Link>
      </p>
    )
  return (
    <div className="modal-action mt-2">
      <button type="button" className="btn btn-ghost" onClick={onClose}>
        Cancel
      </button>
      <SubmitButton variant="dialog" pending={pending}>
        {children}
      </SubmitButton>
    </div>
  )
}
