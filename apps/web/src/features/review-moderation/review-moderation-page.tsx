import { DashboardHeading } from '../../components/dashboard-heading'
import { LoadFailed, Loading } from '../../components/load-states'
import { usePageTitle } from '../../lib/use-page-title'
import { useModerate, useModeration } from './api/reviews'
import { ModeratedReviewCard } from './moderated-review-card'

/** Patients' reviews (decision 0032): approved ones appear on /reviews and the home page. */
export function ReviewModerationPage() {
  usePageTitle('Reviews')
  const list = useModeration()
  const moderate = useModerate()
  const pending = list.data?.reviews.filter((r) => r.status === 'pending').length ?? 0

  return (
    <>
      <DashboardHeading>Reviews</DashboardHeading>
      {list.data ? (
        <>
          <p className="my-4 text-base-content/80">
            {pending === 1 ? '1 review' : `${pending} reviews`} awaiting approval. Approved reviews appear on
            the Reviews page with the patient's first name only.
          </p>
          {list.data.reviews.length > 0 ? (
            <ul className="flex flex-col gap-3">
              {list.data.reviews.map((review) => (
                <li key={review._id}>
                  <ModeratedReviewCard
                    review={review}
                    busy={moderate.isPending && moderate.variables?.id === review._id}
                    onModerate={(status) => moderate.mutate({ id: review._id, status })}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p className="rounded-box border border-base-300 p-6 text-center text-base-content/80">
              No reviews yet. Patients review appointments the agenda marks as attended.
            </p>
          )}
        </>
      ) : list.isError ? (
        <LoadFailed what="The reviews" error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <Loading label="Loading the reviews…" />
      )}
    </>
  )
}
