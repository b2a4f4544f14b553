import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { AssetImage } from '../../components/asset-image'
import { LoadFailed, Loading } from '../../components/load-states'
import { SectionHeading } from '../../components/section-heading'
import { pricesQueryOptions } from '../../lib/clinic-public-data'
import { feeText } from '../../lib/fee-text'

const picture = {
  src: '/images/pricing/essentials.svg',
  width: 96,
  height: 96,
  alt: 'A clipboard with a tooth',
}

/**
 * Spec section 9's pricing section, with the prices a patient pays (decision 0030): the treatments
 * offered now and their fees in TK, as Manage Treatments last left them.
 */
export function PricingSection() {
  const prices = useQuery(pricesQueryOptions())
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 bg-base-100">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24 lg:px-8">
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Our Treatment Prices">
          <p>The fees you pay when you book, in TK, so you know the cost before you come.</p>
        </SectionHeading>
        <div className="mx-auto mt-12 max-w-2xl">
          {prices.data ? (
            <div data-testid="pricing-category" className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body">
                <div className="flex items-center gap-4">
                  <AssetImage image={picture} className="size-16" />
                  <h3 className="card-title">Treatments you can book</h3>
                </div>
                <dl className="mt-4 divide-y divide-base-300">
                  {prices.data.treatments.map((treatment) => (
                    <div key={treatment._id} className="flex items-baseline justify-between gap-4 py-2">
                      <dt className="break-words">{treatment.name}</dt>
                      <dd className="shrink-0 font-semibold text-primary tabular-nums">
                        {feeText(treatment.price)}
                      </dd>
                    </div>
                  ))}
                </dl>
                <Link to="/appointment" className="btn btn-primary mt-4 self-start">
                  Book an appointment
                </Link>
              </div>
            </div>
          ) : prices.isError ? (
            <LoadFailed what="Our prices" error={prices.error} onRetry={() => prices.refetch()} />
          ) : (
            <Loading label="Loading our prices…" />
          )}
        </div>
      </div>
    </section>
  )
}
