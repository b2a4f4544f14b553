import { DashboardHeading } from '../../components/dashboard-heading'
import { usePageTitle } from '../../lib/use-page-title'

export function AuditPage() {
  usePageTitle('Audit Log')
  return <DashboardHeading>Audit Log</DashboardHeading>
}
