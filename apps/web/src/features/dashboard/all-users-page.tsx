import { usePageTitle } from '../../lib/use-page-title'
import { DashboardHeading } from './dashboard-heading'

export function AllUsersPage() {
  usePageTitle('All Users')
  return <DashboardHeading>All Users</DashboardHeading>
}
