import { useQuery } from '@tanstack/react-query'
import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { pricesQueryOptions } from '../../lib/clinic-public-data'
import { feeText } from '../../lib/fee-text'

/**
 * The spec's 'Cleaning, Exam & Digital X-Rays' for 49.99 dollars is no treatment the clinic books
 * (decision 0030): the banner offers its cleaning at the fee a patient pays, or, once that is no
 * longer offered, the clinic's first treatment.
 */
const PROMOTED_TREATMENT = 'Teeth Cleaning'

export function PromoBanner() {
  const prices = useQuery(pricesQueryOptions())
  const treatments = prices.data?.treatments ?? []
  const promoted = treatments.find((treatment) => treatment.name === PROMOTED_TREATMENT) ?? treatments[0]
  if (!promoted) return null
  return (
    <section aria-labelledby="promo-title" className="bg-neutral text-neutral-content">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-8 px-4 py-14 text-center sm:px-6 md:flex-row md:justify-between md:text-left lg:px-8">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-accent">New patient special</p>
          <h2 id="promo-title" className="mt-2 text-3xl font-bold break-words md:text-4xl">
            {promoted.name}
          </h2>
          <p className="mt-2 opacity-90">A first visit, so we can plan the care your smile needs.</p>
        </div>
        <div className="flex flex-col items-center gap-4 md:items-end">
          <p className="text-5xl font-extrabold text-accent">
            <span className="sr-only">Only </span>
            {feeText(promoted.price)}
          </p>
          <Link to="/appointment" className="btn btn-accent btn-lg">
            Book Now
            <ArrowRight className="size-5" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  )
}
