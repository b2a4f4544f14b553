import { Sparkles } from 'lucide-react'
import { services } from '../../content/services'

export function ServicesSection() {
  return (
    <section id="services" className="scroll-mt-20 bg-base-100">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24 lg:px-8">
        <div className="text-center">
          <p className="text-sm font-semibold uppercase tracking-widest text-primary">Our Services</p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight md:text-4xl">Services We Provide</h2>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {services.map((service) => (
            <li key={service.id} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body items-center text-center">
                <span className="flex size-14 items-center justify-center rounded-full bg-base-200">
                  <Sparkles className="size-7 text-primary" aria-hidden="true" />
                </span>
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
