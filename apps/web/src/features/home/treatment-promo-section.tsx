import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { AssetImage } from '../../components/asset-image'
import { SectionHeading } from '../../components/section-heading'

const image = {
  src: '/images/treatment-promo.svg',
  width: 640,
  height: 520,
  alt: 'A dentist treating a relaxed patient in the dental chair',
}

export function TreatmentPromoSection() {
  return (
    <section aria-labelledby="treatment-title" className="bg-base-200">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2 lg:px-8">
        <AssetImage image={image} className="mx-auto h-auto w-full max-w-md" />
        <div>
          <SectionHeading
            id="treatment-title"
            eyebrow="Exceptional care"
            title="Exceptional Dental Care, on Your Terms"
            align="start"
          >
            <p>
              From a first check-up to a complete smile makeover, we take time to listen, explain your options
              and agree a plan before any treatment starts. Modern equipment keeps every visit quick and
              comfortable.
            </p>
          </SectionHeading>
          {/* Spec: the original action was not shown; starting a booking is the useful next step. */}
          <Link to="/appointment" className="btn btn-primary btn-lg mt-8">
            Get Started
            <ArrowRight className="size-5" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  )
}
