import { usePageTitle } from '../../lib/use-page-title'
import { DashboardHeading } from './dashboard-heading'

export function AddDoctorPage() {
  usePageTitle('Add A Doctor')
  return <DashboardHeading>Add A Doctor</DashboardHeading>
}
