import { CalendarCheck, Phone } from 'lucide-react'
import { Link } from 'react-router'
import { AssetImage } from '../../components/asset-image'
import { CLINIC_PHONE, CLINIC_PHONE_HREF } from '../../content/clinic'

const image = {
  src: '/images/dental-emergency.svg',
  width: 560,
  height: 420,
  alt: 'A tooth with a bandage next to a phone ready to call the clinic',
}

export function EmergencyBanner() {
  return (
    <section aria-labelledby="emergency-title" className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 md:py-20 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-accent">
            24 Hour Emergency Service
          </p>
          <h2 id="emergency-title" className="mt-2 text-3xl font-bold md:text-4xl">
            What to Do in a Dental Emergency?
          </h2>
          <p className="mt-4 text-lg opacity-90">
            Rinse gently with warm water, hold a cold compress to your cheek and keep any broken piece or
            knocked-out tooth in milk. Then call us straight away: we keep time for emergencies every day.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/appointment" className="btn btn-accent btn-lg">
              <CalendarCheck className="size-5" aria-hidden="true" />
              Make an appointment
            </Link>
            <a
              href={CLINIC_PHONE_HREF}
              className="btn btn-outline btn-lg border-neutral-content text-neutral-content"
            >
              <Phone className="size-5" aria-hidden="true" />
              Call {CLINIC_PHONE}
            </a>
          </div>
        </div>
        <AssetImage image={image} className="mx-auto h-auto w-full max-w-md" />
      </div>
    </section>
  )
}
