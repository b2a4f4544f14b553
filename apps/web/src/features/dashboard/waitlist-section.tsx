import { formatMediumDate } from '@shared/clinic-time'
import { waitlistOfferPath } from '@shared/waitlist-messages'
import { Link } from 'react-router'
import { useMyWaitlist } from '../appointment'
import { useLeaveWaitlist } from './api/leave-waitlist'

/**
 * The full days the patient waits for (decision 0036), each removable, with the link to a slot
 * held for them. Below the bookings and absent while empty, so it moves nothing when it loads.
 */
export function WaitlistSection() {
  const entries = useMyWaitlist().data?.entries ?? []
  const leave = useLeaveWaitlist()
  if (entries.length === 0) return null
  return (
    <section aria-labelledby="waitlist-title" className="mt-8">
      <h2 id="waitlist-title" className="text-lg font-semibold">
        Waitlist
      </h2>
      <p className="text-sm text-base-content/80">We e-mail you when a slot of these days frees.</p>
      <ul className="mt-3 divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
        {entries.map((entry) => {
          const what = `${entry.treatmentName} on ${formatMediumDate(entry.date)}`
          return (
            <li key={entry._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
              <p className="min-w-0 flex-1">
                <span className="font-medium">{entry.treatmentName}</span>
                <span className="text-base-content/80"> · {formatMediumDate(entry.date)}</span>
              </p>
              {entry.offer ? (
                <Link to={waitlistOfferPath(entry.offer._id)} className="btn btn-primary btn-sm">
                  Book the held slot
                </Link>
              ) : null}
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={`Remove ${what} from the waitlist`}
                disabled={leave.isPending && leave.variables === entry._id}
                onClick={() => leave.mutate(entry._id)}
              >
                Remove
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
