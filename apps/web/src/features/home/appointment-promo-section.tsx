import { CalendarCheck } from 'lucide-react'
import { Link } from 'react-router'
import { AssetImage } from '../../components/asset-image'
import { SectionHeading } from '../../components/section-heading'

const image = {
  src: '/images/appointment-promo.svg',
  width: 600,
  height: 480,
  alt: 'A calendar with a booked visit next to a clock',
}

export function AppointmentPromoSection() {
  return (
    <section aria-labelledby="appointment-promo-title" className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 md:py-20 lg:grid-cols-2 lg:px-8">
        <div>
          <SectionHeading
            id="appointment-promo-title"
            eyebrow="Appointment"
            title="Make an appointment Today"
            align="start"
            tone="inverse"
          >
            <p>
              See every free time slot for the day you choose and book the treatment you need in under a
              minute. We confirm straight away, and you can see your bookings in your dashboard.
            </p>
          </SectionHeading>
          <Link to="/appointment" className="btn btn-accent btn-lg mt-8">
            <CalendarCheck className="size-5" aria-hidden="true" />
            Book An Appointment
          </Link>
        </div>
        <AssetImage image={image} className="mx-auto h-auto w-full max-w-md" />
      </div>
    </section>
  )
}
