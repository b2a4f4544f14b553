import { Breadcrumbs } from '../../components/breadcrumbs'
import { PageHeader } from '../../components/page-header'
import { StaffCard } from '../../components/staff-card'
import { usePageMeta } from '../../components/use-page-meta'
import { teamMembers } from '../../content/staff'
import { EmergencyBanner } from './emergency-banner'

export function TeamPage() {
  usePageMeta(
    'Our Team',
    'Meet the eight dentists, specialists and staff of Doctors Portal dental clinic, and learn what to do in a dental emergency.',
  )
  return (
    <>
      <PageHeader title="Our Team" eyebrow="Meet the doctors" breadcrumb={<Breadcrumbs current="our team" />}>
        <p>Experienced dentists, hygienists and staff who care about your comfort.</p>
      </PageHeader>
      <section aria-labelledby="team-title" className="bg-base-100">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-20 lg:px-8">
          <h2 id="team-title" className="sr-only">
            Team members
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {teamMembers.map((member) => (
              <li key={member.email}>
                <StaffCard member={member} withSocials />
              </li>
            ))}
          </ul>
        </div>
      </section>
      <EmergencyBanner />
    </>
  )
}
