import { CalendarCheck, Users } from 'lucide-react'
import { Link } from 'react-router'
import { AssetImage } from '../../components/asset-image'
import { CLINIC_NAME } from '../../content/clinic'

const heroImage = {
  src: '/images/hero.svg',
  width: 640,
  height: 560,
  alt: 'A smiling tooth next to one of our dentists and a booked visit',
}

export function HomeHero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="overflow-hidden bg-gradient-to-br from-base-200 via-base-100 to-base-300/70"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 md:py-20 lg:grid-cols-2 lg:px-8">
        <div>
          {/* Spec section 1: a heading names the product as a doctor portal. */}
          <h1 id="hero-title" className="font-extrabold tracking-tight text-base-content">
            <span className="block text-lg font-bold uppercase tracking-widest text-primary">
              {CLINIC_NAME}
            </span>
            <span className="mt-3 block text-4xl sm:text-5xl lg:text-6xl">Your New Smile Starts Here</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-base-content/80">
            Check-ups, cleanings and cosmetic treatments by experienced dentists. Pick a time that suits you
            and book your visit online in a few taps.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/appointment" className="btn btn-primary btn-lg">
              <CalendarCheck className="size-5" aria-hidden="true" />
              Make An Appointment
            </Link>
            <Link to="/team" className="btn btn-outline btn-primary btn-lg">
              <Users className="size-5" aria-hidden="true" />
              Meet Our Team
            </Link>
          </div>
        </div>
        <AssetImage image={heroImage} priority className="mx-auto h-auto w-full max-w-md lg:max-w-lg" />
      </div>
    </section>
  )
}
