import { DashboardHeading } from '../../components/dashboard-heading'
import { usePageTitle } from '../../lib/use-page-title'

export function AddDoctorPage() {
  usePageTitle('Add A Doctor')
  return <DashboardHeading>Add A Doctor</DashboardHeading>
}
