import { CircleCheck, MailWarning } from 'lucide-react'
import { AccountSection } from './account-section'
import { resendAnswer, useResendVerification } from './api/resend-verification'

/** The address is proven by the mailed link; until then, a new link on request. */
export function EmailSection({ email, verified }: { email: string; verified: boolean }) {
  const resend = useResendVerification()
  const answer = resendAnswer(resend)
  return (
    <AccountSection title="E-mail">
      <p className="break-all font-medium">{email}</p>
      {verified ? (
        <p className="mt-2 flex items-center gap-2 text-success">
          <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
          Verified
        </p>
      ) : (
        <div className="mt-2 flex flex-col items-start gap-3">
          <p className="flex items-center gap-2">
            <MailWarning className="size-5 shrink-0 text-warning" aria-hidden="true" />
            Verify your e-mail: open the link we sent you.
          </p>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {resend.isPending ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : null}
            Resend verification e-mail
          </button>
          <p aria-live="polite" className="text-sm">
            {answer}
          </p>
        </div>
      )}
    </AccountSection>
  )
}
