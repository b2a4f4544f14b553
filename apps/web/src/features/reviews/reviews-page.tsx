import { usePageMeta } from '../../components/use-page-meta'

/** Spec section 2: an empty placeholder page. */
export function ReviewsPage() {
  usePageMeta('Reviews', 'Patient reviews of Doctors Portal dental clinic.')
  return (
    <section aria-labelledby="reviews-title" className="min-h-[50vh]">
      <h1 id="reviews-title" className="sr-only">
        Reviews
      </h1>
    </section>
  )
}
