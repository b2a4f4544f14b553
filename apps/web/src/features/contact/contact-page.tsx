import { PageHeader } from '../../components/page-header'
import { usePageTitle } from '../../lib/use-page-title'

export function ContactPage() {
  usePageTitle('Contact Us')
  return (
    <PageHeader title="contact us" eyebrow="How to find us">
      <p>We are Here to Help You.</p>
    </PageHeader>
  )
}
