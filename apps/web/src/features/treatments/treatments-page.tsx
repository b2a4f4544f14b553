import { DashboardHeading } from '../../components/dashboard-heading'
import { LoadFailed, Loading } from '../../components/load-states'
import { usePageTitle } from '../../lib/use-page-title'
import { useSchedule } from './api/get-schedule'
import { ClosedDaysSection } from './closed-days-section'
import { TreatmentsSection } from './treatments-section'
import { useAffectingChange } from './use-affecting-change'

/**
 * Beyond the spec (decision 0019): the clinic's offer as data. Changes apply to availability at once
 * and to future bookings only; one that touches booked appointments asks what to do with them.
 */
export function TreatmentsPage() {
  usePageTitle('Treatments')
  const schedule = useSchedule()
  const affecting = useAffectingChange()

  return (
    <div className="flex flex-col gap-6">
      <DashboardHeading>Treatments</DashboardHeading>
      {schedule.data ? (
        <>
          <TreatmentsSection treatments={schedule.data.treatments} affecting={affecting} />
          <ClosedDaysSection
            closedWeekdays={schedule.data.closedWeekdays}
            holidays={schedule.data.holidays}
            affecting={affecting}
          />
          {affecting.dialog}
        </>
      ) : schedule.isError ? (
        <LoadFailed what="The treatments" error={schedule.error} onRetry={() => schedule.refetch()} />
      ) : (
        <Loading label="Loading the treatments…" />
      )}
    </div>
  )
}
