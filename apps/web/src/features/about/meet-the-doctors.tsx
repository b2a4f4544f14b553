import { useQuery } from '@tanstack/react-query'
import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { DoctorCard } from '../../components/doctor-card'
import { LoadFailed, Loading } from '../../components/load-states'
import { SectionHeading } from '../../components/section-heading'
import { teamQueryOptions } from '../../lib/clinic-public-data'

/** Spec section 9: three of the clinic's doctors, and the way to all of them. */
const FEATURED = 3
/** A photo's width in the grid below: its columns, less the padding (px-4/6/8) and gaps (gap-6). */
const FEATURED_PHOTO_SIZES =
  '(min-width: 1280px) 390px, (min-width: 1024px) calc((100vw - 112px) / 3), (min-width: 640px) calc((100vw - 72px) / 2), calc(100vw - 32px)'

export function MeetTheDoctors() {
  const team = useQuery(teamQueryOptions())
  return (
    <section aria-labelledby="doctors-title" className="bg-base-100">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24 lg:px-8">
        <SectionHeading id="doctors-title" eyebrow="Our team" title="Meet the Doctors" />
        {team.data ? (
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {team.data.doctors.slice(0, FEATURED).map((doctor) => (
              <li key={doctor._id}>
                <DoctorCard doctor={doctor} photoSizes={FEATURED_PHOTO_SIZES} />
              </li>
            ))}
          </ul>
        ) : team.isError ? (
          <div className="mt-12">
            <LoadFailed what="Our doctors" error={team.error} onRetry={() => team.refetch()} />
          </div>
        ) : (
          <Loading label="Loading our doctors…" />
        )}
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
