import { AssetImage } from '../../components/asset-image'
import { SectionHeading } from '../../components/section-heading'
import { formatDollars, pricingCategories } from '../../content/pricing'

export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 bg-base-100">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24 lg:px-8">
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Our Treatment Prices">
          <p>Clear prices in US dollars, so you know the cost before you book.</p>
        </SectionHeading>
        <ul className="mt-12 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
          {pricingCategories.map((category) => (
            <li
              key={category.name}
              data-testid="pricing-category"
              className="card border border-base-300 bg-base-100 shadow-sm"
            >
              <div className="card-body">
                <div className="flex items-center gap-4">
                  <AssetImage image={category.picture} className="size-16" />
                  <h3 className="card-title">{category.name}</h3>
                </div>
                <dl className="mt-4 divide-y divide-base-300">
                  {category.items.map((item) => (
                    <div key={item.name} className="flex items-baseline justify-between gap-4 py-2">
                      <dt>{item.name}</dt>
                      <dd className="font-semibold text-primary tabular-nums">{formatDollars(item.price)}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
