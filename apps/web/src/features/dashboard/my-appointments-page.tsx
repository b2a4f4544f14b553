import { usePageTitle } from '../../lib/use-page-title'
import { DashboardHeading } from './dashboard-heading'

export function MyAppointmentsPage() {
  usePageTitle('My Appointment')
  return <DashboardHeading>My Appointment</DashboardHeading>
}
