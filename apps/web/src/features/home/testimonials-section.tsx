import { useQuery } from '@tanstack/react-query'
import { SectionHeading } from '../../components/section-heading'
import { TestimonialCards } from '../../components/testimonial-cards'
import { publicReviewsQueryOptions, REAL_REVIEWS_TO_REPLACE_SPEC_CARDS } from '../../lib/public-reviews'

/**
 * Spec section 9: three cards. They are the spec's own until patients have written three approved
 * reviews, then the newest three of those (decision 0032); while loading or failing, the spec's.
 */
export function TestimonialsSection() {
  const real = useQuery(publicReviewsQueryOptions()).data?.reviews ?? []
  const enough = real.length >= REAL_REVIEWS_TO_REPLACE_SPEC_CARDS
  return (
    <section aria-labelledby="testimonials-title" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24 lg:px-8">
        <SectionHeading id="testimonials-title" eyebrow="Testimonial" title="What Our Patients Says" />
        <TestimonialCards
          reviews={enough ? real.slice(0, REAL_REVIEWS_TO_REPLACE_SPEC_CARDS) : []}
          withSpecCards={!enough}
        />
      </div>
    </section>
  )
}
