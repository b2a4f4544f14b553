import { zodResolver } from '@hookform/resolvers/zod'
import { PasswordResetRequestBody } from '@shared/accounts'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useLocation } from 'react-router'
import { SubmitButton } from '../../components/submit-button'
import { TextField } from '../../components/text-field'
import { fieldBinder } from '../../lib/form-field'
import { userMessage } from '../../lib/http'
import { usePageTitle } from '../../lib/use-page-title'
import { requestPasswordReset } from './api/password-reset'
import { AuthCard } from './auth-card'

function emailFrom(state: unknown): string {
  const email = typeof state === 'object' && state !== null && 'email' in state ? state.email : ''
  return typeof email === 'string' ? email : ''
}

/** 'forget Password?' made real (decision 0014): a single-use reset link by mail. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot Password')
  const location = useLocation()
  const [sent, setSent] = useState<string | null>(null)
  const form = useForm({
    resolver: zodResolver(PasswordResetRequestBody),
    defaultValues: { email: emailFrom(location.state) },
  })
  const field = fieldBinder(form)
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form

  const onSubmit = handleSubmit(async (body) => {
    try {
      const reply = await requestPasswordReset(body)
      setSent(reply.message)
    } catch (error) {
      setError('email', { message: userMessage(error) }, { shouldFocus: true })
    }
  })

  return (
    <AuthCard title="Forgot Password">
      {sent ? (
        <p role="status" className="alert alert-success alert-soft">
          {sent}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-base-content/80">
            Enter the e-mail of your account and we will send you a link to choose a new password.
          </p>
          <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
          <SubmitButton pending={isSubmitting}>Send reset link</SubmitButton>
        </form>
      )}
      <p className="text-center text-sm">
        Remembered it?{' '}
        <Link to="/login" className="link link-primary font-semibold">
          Back to log in
        </Link>
      </p>
    </AuthCard>
  )
}
