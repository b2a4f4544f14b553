import { usePageTitle } from '../../lib/use-page-title'

/** Spec section 2: an empty placeholder page. */
export function ReviewsPage() {
  usePageTitle('Reviews')
  return (
    <section aria-labelledby="reviews-title" className="min-h-[50vh]">
      <h1 id="reviews-title" className="sr-only">
        Reviews
      </h1>
    </section>
  )
}
