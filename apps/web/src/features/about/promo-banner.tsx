import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { formatDollars } from '../../content/pricing'

// Spec section 9: the promo price is 49.99 dollars.
const PROMO_PRICE = 49.99

export function PromoBanner() {
  return (
    <section aria-labelledby="promo-title" className="bg-neutral text-neutral-content">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-8 px-4 py-14 text-center sm:px-6 md:flex-row md:justify-between md:text-left lg:px-8">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-accent">New patient special</p>
          <h2 id="promo-title" className="mt-2 text-3xl font-bold md:text-4xl">
            Cleaning, Exam &amp; Digital X-Rays
          </h2>
          <p className="mt-2 opacity-90">A complete first visit, so we can plan the care your smile needs.</p>
        </div>
        <div className="flex flex-col items-center gap-4 md:items-end">
          <p className="text-5xl font-extrabold text-accent">
            <span className="sr-only">Only </span>
            {formatDollars(PROMO_PRICE)}
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
