import { formatMediumDate } from '@shared/clinic-time'
import type { AdminReview, ReviewStatusBody } from '@shared/reviews'

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
const BADGE = { pending: 'badge-primary', approved: 'badge-success', hidden: 'badge-ghost' } as const
const LABEL = { pending: 'Pending', approved: 'Approved', hidden: 'Hidden' } as const

type ModeratedReviewCardProps = {
  review: AdminReview
  busy: boolean
  onModerate: (status: ReviewStatusBody['status']) => void
}

/** One review: who, which appointment, the stars and words, its status, and Approve / Hide. */
export function ModeratedReviewCard({ review, busy, onModerate }: ModeratedReviewCardProps) {
  const titleId = `review-${review._id}`
  return (
    <article aria-labelledby={titleId} className="rounded-box border border-base-300 bg-base-100 p-4">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={titleId} className="break-words font-semibold text-lg">
            {review.patientName} · {review.treatmentName}, {formatMediumDate(review.appointmentDate)}
          </h2>
          <p className="text-sm">
            {review.rating} of 5 stars · written{' '}
            <time dateTime={review.createdAt}>{when.format(new Date(review.createdAt))}</time>
          </p>
        </div>
        <span className={`badge ${BADGE[review.status]}`}>{LABEL[review.status]}</span>
      </header>
      <p className="mt-3 whitespace-pre-wrap break-words">{review.text}</p>
      <footer className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-base-content/80">
          {review.moderatedAt
            ? `${LABEL[review.status]} by ${review.moderatedBy ?? 'a former admin'} on ${when.format(new Date(review.moderatedAt))}`
            : 'Not moderated yet'}
        </p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-sm btn-success"
            disabled={busy || review.status === 'approved'}
            aria-describedby={titleId}
            onClick={() => onModerate('approved')}
          >
            Approve
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            disabled={busy || review.status === 'hidden'}
            aria-describedby={titleId}
            onClick={() => onModerate('hidden')}
          >
            Hide
          </button>
        </div>
      </footer>
    </article>
  )
}
