import { ME_MESSAGES } from '@shared/me'
import { type FormEvent, useState } from 'react'
import toast from 'react-hot-toast/headless'
import { useNavigate } from 'react-router'
import { ModalDialog } from '../../components/modal-dialog'
import { TextField } from '../../components/text-field'
import { useAuth } from '../../lib/auth/auth-context'
import { userMessage } from '../../lib/http'
import { AccountSection } from './account-section'
import { deleteAccount } from './api/delete-account'

/** Deleting the account asks for the password; an account without one relies on a fresh Google sign-in. */
function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { logout } = useAuth()
  const navigate = useNavigate()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    setPending(true)
    try {
      await deleteAccount(password)
      toast.success(ME_MESSAGES.accountDeleted)
      // Away from the dashboard first, and all the way (the home page's code may still be loading):
      // signed out while the dashboard still shows, the person would be sent to /login.
      await navigate('/', { replace: true })
      await logout()
    } catch (failure) {
      setError(userMessage(failure))
      setPending(false)
    }
  }

  return (
    <ModalDialog title="Delete your account?" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <p>
          Your upcoming unpaid appointments are cancelled, you are signed out everywhere, and your name,
          e-mail and phone numbers are erased. This cannot be undone. Paid appointments stay booked: to cancel
          one with a refund, cancel it on My Appointment first.
        </p>
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          hint="If you only sign in with Google, leave this empty: sign in with Google again first, then delete within 10 minutes."
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error ?? undefined}
        />
        <div className="modal-action mt-0 flex-wrap">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Keep my account
          </button>
          <button type="submit" className="btn btn-error" disabled={pending}>
            {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            Delete my account
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}

export function DeleteAccount() {
  const [open, setOpen] = useState(false)
  return (
    <AccountSection title="Delete account" tone="danger">
      <p className="mb-4 text-base-content/80">
        Records the clinic must keep (past visits) stay, without your name. You can register again with the
        same e-mail later.
      </p>
      <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setOpen(true)}>
        Delete my account
      </button>
      {open ? <DeleteAccountDialog onClose={() => setOpen(false)} /> : null}
    </AccountSection>
  )
}
