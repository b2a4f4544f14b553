import { CalendarCheck } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { Link } from 'react-router'
import { AssetImage } from '../../components/asset-image'
import { Breadcrumbs } from '../../components/breadcrumbs'
import { PageHeader } from '../../components/page-header'
import { SectionHeading } from '../../components/section-heading'
import { usePageMeta } from '../../components/use-page-meta'
import { MeetTheDoctors } from './meet-the-doctors'
import { PromoBanner } from './promo-banner'

const AdvantagesCarousel = lazy(() =>
  import('./advantages-carousel').then((module) => ({ default: module.AdvantagesCarousel })),
)

const welcomeImage = {
  src: '/images/about-smiles.svg',
  width: 640,
  height: 520,
  alt: 'One of our dentists with a happy patient showing a new smile',
}

export function AboutPage() {
  usePageMeta(
    'About Us',
    'Meet Doctors Portal dental clinic: 50+ years of combined experience, 24 hour emergency service, sedation and flexible payment options.',
  )
  return (
    <>
      <PageHeader title="about us" breadcrumb={<Breadcrumbs current="about us" />} />
      <section aria-labelledby="welcome-title" className="bg-base-100">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2 lg:px-8">
          <AssetImage image={welcomeImage} priority className="mx-auto h-auto w-full max-w-md" />
          <div>
            <SectionHeading
              id="welcome-title"
              eyebrow="Welcome to our clinic"
              title="New smiles"
              align="start"
            >
              <p>
                For over a decade we have helped families in New York keep healthy teeth and find the
                confidence of a smile they love. Our dentists combine gentle care with modern techniques, and
                we always explain your options and costs before we start.
              </p>
            </SectionHeading>
            <Link to="/appointment" className="btn btn-primary btn-lg mt-8">
              <CalendarCheck className="size-5" aria-hidden="true" />
              Make An Appointment
            </Link>
          </div>
        </div>
      </section>
      <section aria-labelledby="why-title" className="bg-base-200">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24 lg:px-8">
          <SectionHeading id="why-title" eyebrow="Our advantages" title="Why Choose Us?" />
          <div className="mt-10">
            <Suspense fallback={<div className="min-h-80" aria-hidden="true" />}>
              <AdvantagesCarousel />
            </Suspense>
          </div>
        </div>
      </section>
      <PromoBanner />
      <MeetTheDoctors />
    </>
  )
}
