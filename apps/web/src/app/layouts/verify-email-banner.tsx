import { MailWarning } from 'lucide-react'
import { Link } from 'react-router'
import { resendAnswer, useResendVerification } from '../../features/account'

/** The account works at once, and asks for its e-mail to be proven until it is. */
export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useResendVerification()
  const answer = resendAnswer(resend)
  return (
    <section
      aria-label="Verify your e-mail"
      className="mb-6 flex flex-col gap-3 rounded-box border border-warning/50 bg-warning/10 p-4 sm:flex-row sm:items-center"
    >
      <MailWarning className="hidden size-5 shrink-0 text-warning sm:block" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">Verify your e-mail</p>
        <p className="text-sm [overflow-wrap:anywhere]">
          Open the link we sent to {email}.{' '}
          <Link to="/dashboard/account" className="link">
            Account settings
          </Link>
        </p>
        <p aria-live="polite" className="mt-1 text-sm empty:hidden">
          {answer}
        </p>
      </div>
      <button
        type="button"
        className="btn btn-sm btn-warning self-start sm:self-center"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {resend.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Resend verification e-mail
      </button>
    </section>
  )
}
