import { DashboardHeading } from '../../components/dashboard-heading'
import { usePageTitle } from '../../lib/use-page-title'

export function AllUsersPage() {
  usePageTitle('All Users')
  return <DashboardHeading>All Users</DashboardHeading>
}
