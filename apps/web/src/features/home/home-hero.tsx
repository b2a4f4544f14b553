import { CalendarCheck, Clock, ShieldCheck, Stethoscope } from 'lucide-react'
import { Link } from 'react-router'
import { ToothLogo } from '../../components/tooth-logo'
import { CLINIC_NAME, OPENING_HOURS } from '../../content/clinic'

const highlights = [
  { icon: Clock, title: 'Opening hours', text: OPENING_HOURS },
  { icon: Stethoscope, title: 'Doctors available 24/7', text: 'Emergency care whenever you need it' },
  { icon: ShieldCheck, title: '256-bit encryption', text: 'Private video consultations' },
]

export function HomeHero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-base-200 via-base-100 to-base-300/70">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="badge badge-outline badge-primary badge-lg font-medium">
            Dental care for the whole family
          </p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-base-content sm:text-5xl lg:text-6xl">
            Your New Smile Starts Here
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
              Meet Our Doctors
            </Link>
          </div>
        </div>
        <div className="card border border-base-300 bg-base-100 shadow-xl">
          <div className="card-body gap-5 p-6 sm:p-8">
            <div className="flex items-center gap-3">
              <ToothLogo className="size-12" />
              <h2 className="text-2xl font-bold">{CLINIC_NAME}</h2>
            </div>
            <ul className="space-y-4">
              {highlights.map(({ icon: Icon, title, text }) => (
                <li key={title} className="flex items-start gap-4 rounded-box bg-base-200 p-4">
                  <Icon className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
                  <div>
                    <p className="font-semibold">{title}</p>
                    <p className="text-base-content/80">{text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  )
}
