import { formatClinicDateTime, formatMediumDate } from '@shared/clinic-time'
import type { WaitlistEntry } from '@shared/waitlist'
import { WAITLIST_MESSAGES } from '@shared/waitlist-messages'
import type { ReactNode } from 'react'
import { Link, Navigate, useLocation, useParams } from 'react-router'
import { LoadFailed, Loading } from '../../components/load-states'
import { useAuth } from '../../lib/auth/auth-context'
import { userMessage } from '../../lib/http'
import { usePageTitle } from '../../lib/use-page-title'
import { useClinicCalendar } from './api/get-clinic-calendar'
import { useMyWaitlist } from './api/get-my-waitlist'
import { useAcceptOffer } from './api/waitlist-actions'

/**
 * The page an offer mail links to (decision 0036): the slot held for the patient and one button
 * that books it. The offer is read from the patient's own waitlist, where a live one is shown.
 */
export function WaitlistOfferPage() {
  usePageTitle('Your held slot')
  const { user, loading } = useAuth()
  const location = useLocation()
  const offerId = useParams().id ?? ''
  const waitlist = useMyWaitlist()
  if (!user && !loading) return <Navigate to="/login" replace state={{ from: location }} />
  const entry = waitlist.data?.entries.find((candidate) => candidate.offer?._id === offerId)

  return (
    <section aria-labelledby="offer-title" className="mx-auto w-full max-w-xl px-4 py-14">
      <h1 id="offer-title" className="text-3xl font-bold tracking-tight">
        Your held slot
      </h1>
      <div className="mt-6">
        {waitlist.data ? (
          entry ? (
            <HeldSlot entry={entry} offerId={offerId} />
          ) : (
            <OfferGone message={WAITLIST_MESSAGES.offerNotLive} />
          )
        ) : waitlist.isError ? (
          <LoadFailed what="Your waitlist" error={waitlist.error} onRetry={() => waitlist.refetch()} />
        ) : (
          <Loading label="Loading your offer…" />
        )}
      </div>
    </section>
  )
}

function HeldSlot({ entry, offerId }: { entry: WaitlistEntry; offerId: string }) {
  const accept = useAcceptOffer(offerId)
  const timeZone = useClinicCalendar().data?.timeZone
  if (accept.isError) return <OfferGone message={userMessage(accept.error)} />
  const expiresAt = entry.offer?.expiresAt
  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <h2 className="card-title text-primary">{entry.treatmentName}</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <Detail term="Date">{formatMediumDate(entry.date)}</Detail>
          <Detail term="Time">{entry.offer?.slot}</Detail>
          <Detail term="Held until">
            {expiresAt && timeZone ? formatClinicDateTime(new Date(expiresAt), timeZone) : '…'}
          </Detail>
        </dl>
        <div className="card-actions mt-2">
          <button
            type="button"
            className="btn btn-primary"
            disabled={accept.isPending || accept.isSuccess}
            onClick={() => accept.mutate()}
          >
            {accept.isPending ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : null}
            Book this slot
          </button>
        </div>
      </div>
    </div>
  )
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-base-content/80">{term}</dt>
      <dd>{children}</dd>
    </>
  )
}

function OfferGone({ message }: { message: string }) {
  return (
    <div role="alert" className="alert alert-warning alert-soft flex-wrap">
      <p>{message}</p>
      <Link to="/appointment" className="btn btn-sm">
        Book another slot
      </Link>
    </div>
  )
}
