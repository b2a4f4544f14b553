import { formatMediumDate } from '@shared/clinic-time'
import type { PublicReview } from '@shared/reviews'
import { Quote, Star } from 'lucide-react'
import { testimonials } from '../content/testimonials'
import { AssetImage } from './asset-image'

const CARD = 'card bg-base-100 shadow-sm'

/** Five stars, read out as one sentence rather than five pictures. */
function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={`size-5 ${star <= rating ? 'fill-warning text-warning' : 'text-base-content/40'}`}
        />
      ))}
    </p>
  )
}

function ReviewCard({ review }: { review: PublicReview }) {
  return (
    <li className={CARD}>
      <figure className="card-body items-start justify-start">
        <Stars rating={review.rating} />
        <blockquote className="text-base-content/90">
          <p className="whitespace-pre-wrap break-words">{review.text}</p>
        </blockquote>
        <figcaption className="mt-4">
          <p className="font-bold">{review.firstName}</p>
          <p className="text-sm text-base-content/80">
            {review.treatmentName} ·{' '}
            <time dateTime={review.date}>{formatMediumDate(review.date.slice(0, 10))}</time>
          </p>
        </figcaption>
      </figure>
    </li>
  )
}

type TestimonialCardsProps = {
  reviews: PublicReview[]
  /** The spec's three cards (section 1), shown after the real reviews while there are few of these. */
  withSpecCards: boolean
}

/** Patients' approved reviews as cards, three columns on large screens (spec section 9). */
export function TestimonialCards({ reviews, withSpecCards }: TestimonialCardsProps) {
  return (
    <ul data-testid="testimonials" className="mt-12 grid gap-6 lg:grid-cols-3">
      {reviews.map((review) => (
        <ReviewCard key={review._id} review={review} />
      ))}
      {withSpecCards
        ? testimonials.map((testimonial) => (
            <li key={testimonial.id} className={CARD}>
              <figure className="card-body items-start justify-start">
                <Quote className="size-8 text-primary" aria-hidden="true" />
                <blockquote className="text-base-content/90">
                  <p>{testimonial.details}</p>
                </blockquote>
                <figcaption className="mt-4 flex items-center gap-4">
                  <AssetImage
                    image={testimonial.picture}
                    className="size-16 rounded-full ring-2 ring-primary ring-offset-2"
                  />
                  <div>
                    <p className="font-bold">{testimonial.name}</p>
                    <p className="text-sm text-base-content/80">{testimonial.address}</p>
                  </div>
                </figcaption>
              </figure>
            </li>
          ))
        : null}
    </ul>
  )
}
