import { PageHeader } from '../../components/page-header'
import { usePageTitle } from '../../lib/use-page-title'

export function TeamPage() {
  usePageTitle('Our Team')
  return (
    <PageHeader title="Our Team" eyebrow="Meet the doctors">
      <p>Experienced dentists, hygienists and assistants who care about your comfort.</p>
    </PageHeader>
  )
}
