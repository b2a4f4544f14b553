import { zodResolver } from '@hookform/resolvers/zod'
import { NewPassword } from '@shared/accounts'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { z } from 'zod'
import { SubmitButton } from '../../components/submit-button'
import { TextField } from '../../components/text-field'
import { fieldBinder } from '../../lib/form-field'
import { userMessage } from '../../lib/http'
import { PASSWORD_HINT } from '../../lib/password-hint'
import { usePageTitle } from '../../lib/use-page-title'
import { confirmPasswordReset } from './api/password-reset'
import { AuthCard } from './auth-card'

const NewPasswordForm = z.object({ password: NewPassword })

function tokenFrom(state: unknown): string | null {
  const token = typeof state === 'object' && state !== null && 'token' in state ? state.token : null
  return typeof token === 'string' && token ? token : null
}

/** The page of the mailed link `/reset-password?token=…` (decision 0014): choose a new password. */
export function ResetPasswordPage() {
  usePageTitle('Reset Password')
  const location = useLocation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token') || tokenFrom(location.state)
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null)
  const form = useForm({ resolver: zodResolver(NewPasswordForm), defaultValues: { password: '' } })
  const field = fieldBinder(form)
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form

  // Keep the secret out of the address bar and history; the page state still holds it.
  useEffect(() => {
    if (searchParams.has('token')) navigate('/reset-password', { replace: true, state: { token } })
  }, [searchParams, navigate, token])

  const onSubmit = handleSubmit(async ({ password }) => {
    // The form shows only with a token.
    if (!token) return
    try {
      const reply = await confirmPasswordReset({ token, password })
      setOutcome({ ok: true, message: reply.message })
    } catch (error) {
      setOutcome({ ok: false, message: userMessage(error) })
    }
  })

  if (!token) {
    return (
      <AuthCard title="Reset Password">
        <p role="alert" className="alert alert-error alert-soft">
          This reset link is invalid.
        </p>
        <Link to="/forgot-password" className="btn btn-neutral">
          Send me a new link
        </Link>
      </AuthCard>
    )
  }

  return (
    <AuthCard title="Reset Password">
      {outcome?.ok ? (
        <>
          <p role="status" className="alert alert-success alert-soft">
            {outcome.message}
          </p>
          <Link to="/login" className="btn btn-neutral">
            log in
          </Link>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={PASSWORD_HINT}
            {...field('password')}
          />
          {outcome ? (
            <div role="alert" className="alert alert-error alert-soft flex-col items-start text-sm">
              <p>{outcome.message}</p>
              <Link to="/forgot-password" className="link font-semibold">
                Send me a new link
              </Link>
            </div>
          ) : null}
          <SubmitButton pending={isSubmitting}>Save new password</SubmitButton>
        </form>
      )}
    </AuthCard>
  )
}
