import { useQuery } from '@tanstack/react-query'
import { Breadcrumbs } from '../../components/breadcrumbs'
import { DoctorCard } from '../../components/doctor-card'
import { LoadFailed, Loading } from '../../components/load-states'
import { PageHeader } from '../../components/page-header'
import { usePageMeta } from '../../components/use-page-meta'
import { teamQueryOptions } from '../../lib/clinic-public-data'
import { EmergencyBanner } from './emergency-banner'

/** A photo's width in the grid below: its columns, less the padding (px-4/6/8) and gaps (gap-6). */
const TEAM_PHOTO_SIZES =
  '(min-width: 1280px) 286px, (min-width: 1024px) calc((100vw - 136px) / 4), (min-width: 640px) calc((100vw - 72px) / 2), calc(100vw - 32px)'

/** Spec section 2, `/team`: the doctors the admins keep on Manage Doctors (decision 0030). */
export function TeamPage() {
  usePageMeta(
    'Our Team',
    'Meet the dentists and specialists of Doctors Portal dental clinic, and learn what to do in a dental emergency.',
  )
  const team = useQuery(teamQueryOptions())
  return (
    <>
      <PageHeader title="Our Team" eyebrow="Meet the doctors" breadcrumb={<Breadcrumbs current="our team" />}>
        <p>Experienced dentists, hygienists and staff who care about your comfort.</p>
      </PageHeader>
      <section aria-labelledby="team-title" className="bg-base-100">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-20 lg:px-8">
          <h2 id="team-title" className="sr-only">
            Our doctors
          </h2>
          {team.data ? (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {team.data.doctors.map((doctor) => (
                <li key={doctor._id}>
                  <DoctorCard doctor={doctor} photoSizes={TEAM_PHOTO_SIZES} withSocials />
                </li>
              ))}
            </ul>
          ) : team.isError ? (
            <LoadFailed what="Our doctors" error={team.error} onRetry={() => team.refetch()} />
          ) : (
            <Loading label="Loading our doctors…" />
          )}
        </div>
      </section>
      <EmergencyBanner />
    </>
  )
}
