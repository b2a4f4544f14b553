import { AssetImage } from '../../components/asset-image'
import { SectionHeading } from '../../components/section-heading'
import { services } from '../../content/services'

export function ServicesSection() {
  return (
    <section id="services" aria-labelledby="services-title" className="scroll-mt-20 bg-base-100">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24 lg:px-8">
        <SectionHeading id="services-title" eyebrow="Our Services" title="Services We Provide" />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {services.map((service) => (
            <li key={service.id} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body items-center text-center">
                <AssetImage image={service.image} className="h-36 w-auto" />
                <h3 className="card-title mt-2">{service.title}</h3>
                <p className="text-base-content/80">{service.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
