import { PageHeader } from '../../components/page-header'
import { usePageTitle } from '../../lib/use-page-title'

export function AppointmentPage() {
  usePageTitle('Appointment')
  return (
    <PageHeader title="Appointment" eyebrow="Book a visit">
      <p>Choose a date to see the treatments and time slots still available that day.</p>
    </PageHeader>
  )
}
