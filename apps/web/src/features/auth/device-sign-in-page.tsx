import { SIGN_IN_LINK_INVALID_MESSAGE } from '@shared/accounts'
import { type FormEvent, useEffect, useState } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { SubmitButton } from '../../components/submit-button'
import { useAuth } from '../../lib/auth/auth-context'
import { userMessage } from '../../lib/http'
import { usePageTitle } from '../../lib/use-page-title'
import { AuthCard } from './auth-card'

function tokenFrom(state: unknown): string | null {
  const token = typeof state === 'object' && state !== null && 'token' in state ? state.token : null
  return typeof token === 'string' && token ? token : null
}

/**
 * The page of the mailed sign-in link `/login/device?token=…` (decision 0020). The link is spent
 * by a click, not on load: mail scanners open links, and would spend it before its owner.
 */
export function DeviceSignInPage() {
  usePageTitle('Sign in on this device')
  const { loginWithLink } = useAuth()
  const location = useLocation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token') || tokenFrom(location.state)
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(token ? null : SIGN_IN_LINK_INVALID_MESSAGE)

  // Keep the secret out of the address bar and history; the page state still holds it.
  useEffect(() => {
    if (searchParams.has('token')) navigate('/login/device', { replace: true, state: { token } })
  }, [searchParams, navigate, token])

  const signIn = async (event: FormEvent) => {
    event.preventDefault()
    if (!token) return
    setPending(true)
    try {
      await loginWithLink(token)
      navigate('/', { replace: true })
    } catch (error) {
      setFailure(userMessage(error))
      setPending(false)
    }
  }

  return (
    <AuthCard title="Sign in on this device">
      {failure ? (
        <>
          <p role="alert" className="alert alert-error alert-soft">
            {failure}
          </p>
          <Link to="/login" className="btn btn-neutral">
            log in
          </Link>
        </>
      ) : (
        <form onSubmit={signIn} className="flex flex-col gap-4">
          <p>
            This link from your e-mail signs you in here, and this device is remembered for your next sign-in.
          </p>
          <SubmitButton pending={pending}>Sign in</SubmitButton>
        </form>
      )}
    </AuthCard>
  )
}
