import { zodResolver } from '@hookform/resolvers/zod'
import { LoginBody } from '@shared/accounts'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { SubmitButton } from '../../components/submit-button'
import { TextField } from '../../components/text-field'
import { useAuth } from '../../lib/auth/auth-context'
import { fieldBinder } from '../../lib/form-field'
import { ApiError, userMessage } from '../../lib/http'
import { usePageTitle } from '../../lib/use-page-title'
import { AuthCard } from './auth-card'
import { GoogleSignIn } from './google-button'
import { returnTarget } from './return-to'

const GOOGLE_FAILED_MESSAGE =
  'Google sign-in did not complete. Please try again, or log in with your e-mail and password.'

/** Spec sections 2, 4 and 5: log in, then back to the remembered page (or `/`). */
export function LoginPage() {
  usePageTitle('Login')
  const { user, login } = useAuth()
  const location = useLocation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const target = returnTarget(location.state)
  const [linkSent, setLinkSent] = useState<string | null>(null)
  const form = useForm({ resolver: zodResolver(LoginBody), defaultValues: { email: '', password: '' } })
  const field = fieldBinder(form)
  const {
    handleSubmit,
    setError,
    watch,
    formState: { isSubmitting },
  } = form

  const onSubmit = handleSubmit(async (body) => {
    setLinkSent(null)
    try {
      await login(body)
      navigate(target?.to ?? '/', { replace: true, state: target?.state })
    } catch (error) {
      // Not a wrong password: this browser must finish by the link mailed to the account (decision 0020).
      if (error instanceof ApiError && error.code === 'SIGN_IN_LINK_SENT') return setLinkSent(error.message)
      // Spec section 8: the server's message under the password field.
      setError('password', { message: userMessage(error) }, { shouldFocus: true })
    }
  })

  return (
    <AuthCard title="Login Here">
      {searchParams.get('error') === 'google' ? (
        <p role="alert" className="alert alert-error alert-soft text-sm">
          {GOOGLE_FAILED_MESSAGE}
        </p>
      ) : null}
      {user && target && !isSubmitting ? (
        <p role="status" className="alert alert-info alert-soft text-sm">
          You are signed in as {user.email}. The page you asked for needs an admin account.
        </p>
      ) : null}
      {linkSent ? (
        <p role="status" className="alert alert-info alert-soft text-sm">
          {linkSent}
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <div className="flex flex-col gap-1.5">
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            {...field('password')}
          />
          <Link
            to="/forgot-password"
            state={{ email: watch('email') }}
            className="link link-hover self-start text-sm text-secondary"
          >
            forget Password?
          </Link>
        </div>
        <SubmitButton pending={isSubmitting}>log in</SubmitButton>
      </form>
      <p className="text-center text-sm">
        New to Doctors Portal?{' '}
        <Link to="/register" state={location.state} className="link link-primary font-semibold">
          Create new account
        </Link>
      </p>
      <GoogleSignIn returnTo={target?.to ?? '/'} />
    </AuthCard>
  )
}
