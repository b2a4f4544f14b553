import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { SectionHeading } from '../../components/section-heading'
import { StaffCard } from '../../components/staff-card'
import { featuredDoctors } from '../../content/staff'

export function MeetTheDoctors() {
  return (
    <section aria-labelledby="doctors-title" className="bg-base-100">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24 lg:px-8">
        <SectionHeading id="doctors-title" eyebrow="Our team" title="Meet the Doctors" />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {featuredDoctors.map((member) => (
            <li key={member.email}>
              <StaffCard member={member} />
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Link to="/team" className="btn btn-outline btn-primary btn-lg">
            View All
            <ArrowRight className="size-5" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  )
}
