import { Quote } from 'lucide-react'
import { AssetImage } from '../../components/asset-image'
import { SectionHeading } from '../../components/section-heading'
import { testimonials } from '../../content/testimonials'

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-title" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24 lg:px-8">
        <SectionHeading id="testimonials-title" eyebrow="Testimonial" title="What Our Patients Says" />
        {/* Spec section 9: three cards, three columns on large screens. */}
        <ul data-testid="testimonials" className="mt-12 grid gap-6 lg:grid-cols-3">
          {testimonials.map((testimonial) => (
            <li key={testimonial.id} className="card bg-base-100 shadow-sm">
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
          ))}
        </ul>
      </div>
    </section>
  )
}
