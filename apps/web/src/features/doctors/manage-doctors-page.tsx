import { DashboardHeading } from '../../components/dashboard-heading'
import { usePageTitle } from '../../lib/use-page-title'

export function ManageDoctorsPage() {
  usePageTitle('Manage Doctors')
  return <DashboardHeading>Manage Doctors</DashboardHeading>
}
