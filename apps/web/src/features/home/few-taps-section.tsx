import { CalendarDays, CircleCheck, Clock3 } from 'lucide-react'
import { Link } from 'react-router'
import { SectionHeading } from '../../components/section-heading'

const steps = [
  { icon: CalendarDays, title: 'Pick a date', text: 'Choose the day that suits you on our calendar.' },
  { icon: Clock3, title: 'Choose a time', text: 'See the free slots of every treatment that day.' },
  { icon: CircleCheck, title: 'Confirm', text: 'Book in one tap and find the visit in your dashboard.' },
]

export function FewTapsSection() {
  return (
    <section aria-labelledby="few-taps-title" className="bg-neutral text-neutral-content">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-20 lg:px-8">
        <SectionHeading id="few-taps-title" eyebrow="Easy booking" title="Just in few taps" tone="inverse">
          <p>Booking a visit takes less time than brushing your teeth.</p>
        </SectionHeading>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="rounded-box bg-primary p-6 text-center text-primary-content">
              <Icon className="mx-auto size-10" aria-hidden="true" />
              <h3 className="mt-3 text-xl font-bold">
                {index + 1}. {title}
              </h3>
              <p className="mt-2">{text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10 text-center">
          <Link to="/appointment" className="btn btn-accent btn-lg">
            Book Now
          </Link>
        </div>
      </div>
    </section>
  )
}
