import { DashboardHeading } from '../../components/dashboard-heading'
import { usePageTitle } from '../../lib/use-page-title'

export function TreatmentsPage() {
  usePageTitle('Treatments')
  return <DashboardHeading>Treatments</DashboardHeading>
}
