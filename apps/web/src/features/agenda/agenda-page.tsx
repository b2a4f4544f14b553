import { DashboardHeading } from '../../components/dashboard-heading'
import { usePageTitle } from '../../lib/use-page-title'

export function AgendaPage() {
  usePageTitle('Agenda')
  return <DashboardHeading>Agenda</DashboardHeading>
}
