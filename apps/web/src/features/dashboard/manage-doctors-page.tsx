import { usePageTitle } from '../../lib/use-page-title'
import { DashboardHeading } from './dashboard-heading'

export function ManageDoctorsPage() {
  usePageTitle('Manage Doctors')
  return <DashboardHeading>Manage Doctors</DashboardHeading>
}
