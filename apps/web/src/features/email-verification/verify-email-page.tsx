import { EMAIL_VERIFY_LINK_INVALID_MESSAGE } from '@shared/accounts'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { userMessage } from '../../lib/http'
import { usePageTitle } from '../../lib/use-page-title'
import { verifyEmail } from './api/verify-email'

type Outcome = { ok: boolean; message: string } | null

/**
 * The page of the mailed link `/verify-email?token=…`. No sign-in needed: the mail
 * may be opened on another device. The link works once, so it is sent once.
 */
export function VerifyEmailPage() {
  usePageTitle('Verify your e-mail')
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const [token] = useState(() => searchParams.get('token'))
  const [outcome, setOutcome] = useState<Outcome>(
    token ? null : { ok: false, message: EMAIL_VERIFY_LINK_INVALID_MESSAGE },
  )
  const sent = useRef(false)

  useEffect(() => {
    if (!token || sent.current) return
    sent.current = true
    // Keep the secret out of the address bar and history.
    navigate('/verify-email', { replace: true })
    verifyEmail({ token }).then(
      (reply) => setOutcome({ ok: true, message: reply.message }),
      (error: unknown) => setOutcome({ ok: false, message: userMessage(error) }),
    )
  }, [token, navigate])

  return (
    <section className="flex justify-center bg-base-200 px-4 py-10 sm:py-16">
      <div className="card w-full max-w-md bg-base-100 shadow-xl">
        <div className="card-body gap-5 p-6 sm:p-8">
          <h1 className="text-center text-3xl font-bold">Verify your e-mail</h1>
          {outcome === null ? (
            <p role="status" className="flex items-center justify-center gap-3">
              <span className="loading loading-spinner" aria-hidden="true" />
              Checking your link…
            </p>
          ) : outcome.ok ? (
            <>
              <p role="status" className="alert alert-success alert-soft">
                {outcome.message}
              </p>
              {/* A full load, so the signed-in session is read again and says the address is verified. */}
              <a href="/dashboard" className="btn btn-neutral">
                Go to your dashboard
              </a>
            </>
          ) : (
            <>
              <p role="alert" className="alert alert-error alert-soft">
                {outcome.message}
              </p>
              <Link to="/dashboard/account" className="btn btn-neutral">
                Ask for a new link
              </Link>
            </>
          )}
        </div>
      </div>
    </section>
  )
}
