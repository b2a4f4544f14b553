import type { TreatmentCategory } from '@shared/treatment-categories'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { AssetImage } from '../../components/asset-image'
import { LoadFailed, Loading } from '../../components/load-states'
import { SectionHeading } from '../../components/section-heading'
import type { ImageAsset } from '../../content/images'
import { pricesQueryOptions } from '../../lib/clinic-public-data'
import { feeText } from '../../lib/fee-text'
import { type PriceGroup, priceGroups } from './price-groups'

const picture = (file: string, alt: string): ImageAsset => ({
  src: `/images/pricing/${file}.svg`,
  width: 96,
  height: 96,
  alt,
})

const PICTURES: Record<TreatmentCategory, ImageAsset> = {
  'Dental Essentials': picture('essentials', 'A clipboard with a tooth'),
  Cosmetic: picture('cosmetic', 'A sparkling tooth'),
  Hygiene: picture('hygiene', 'A toothbrush'),
  'Dental Surgery': picture('surgery', 'A tooth next to a medical cross'),
}

/**
 * Spec section 9's pricing section, with the prices a patient pays (decisions 0030, 0037): the
 * treatments offered now and their fees in TK, in the spec's groups, as Manage Treatments last
 * left them.
 */
export function PricingSection() {
  const prices = useQuery(pricesQueryOptions())
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 bg-base-100">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24 lg:px-8">
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Our Treatment Prices">
          <p>The fees you pay when you book, in TK, so you know the cost before you come.</p>
        </SectionHeading>
        {prices.data ? (
          <div className="mt-12 flex flex-col items-center gap-8">
            <ul className="grid w-full gap-6 md:grid-cols-2 xl:grid-cols-4">
              {priceGroups(prices.data.treatments).map((group) => (
                <PriceCard key={group.category} group={group} />
              ))}
            </ul>
            <Link to="/appointment" className="btn btn-primary">
              Book an appointment
            </Link>
          </div>
        ) : (
          <div className="mx-auto mt-12 max-w-2xl">
            {prices.isError ? (
              <LoadFailed what="Our prices" error={prices.error} onRetry={() => prices.refetch()} />
            ) : (
              <Loading label="Loading our prices…" />
            )}
          </div>
        )}
      </div>
    </section>
  )
}

function PriceCard({ group }: { group: PriceGroup }) {
  return (
    <li data-testid="pricing-category" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body">
        <div className="flex items-center gap-4">
          <AssetImage image={PICTURES[group.category]} className="size-16" />
          <h3 className="card-title">{group.category}</h3>
        </div>
        <dl className="mt-4 divide-y divide-base-300">
          {group.treatments.map((treatment) => (
            <div key={treatment._id} className="flex items-baseline justify-between gap-4 py-2">
              <dt className="min-w-0 break-words">{treatment.name}</dt>
              <dd className="shrink-0 font-semibold text-primary tabular-nums">{feeText(treatment.price)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </li>
  )
}
