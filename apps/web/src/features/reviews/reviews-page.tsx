import { useQuery } from '@tanstack/react-query'
import { LoadFailed, Loading } from '../../components/load-states'
import { TestimonialCards } from '../../components/testimonial-cards'
import { usePageMeta } from '../../components/use-page-meta'
import { publicReviewsQueryOptions, REAL_REVIEWS_TO_REPLACE_SPEC_CARDS } from '../../lib/public-reviews'

/**
 * Patients' approved reviews of their appointments, newest first (decision 0032); the spec's three
 * testimonial cards follow while there are fewer than three.
 */
export function ReviewsPage() {
  usePageMeta('Reviews', 'Patient reviews of Doctors Portal dental clinic.')
  const reviews = useQuery(publicReviewsQueryOptions())
  return (
    <section aria-labelledby="reviews-title" className="min-h-[50vh] bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-widest text-primary">Reviews</p>
          <h1 id="reviews-title" className="mt-2 text-3xl font-bold tracking-tight md:text-4xl">
            What Our Patients Say
          </h1>
        </div>
        {reviews.data ? (
          <TestimonialCards
            reviews={reviews.data.reviews}
            withSpecCards={reviews.data.reviews.length < REAL_REVIEWS_TO_REPLACE_SPEC_CARDS}
          />
        ) : reviews.isError ? (
          <LoadFailed what="The reviews" error={reviews.error} onRetry={() => reviews.refetch()} />
        ) : (
          <Loading label="Loading the reviews…" />
        )}
      </div>
    </section>
  )
}
