import { DashboardHeading } from '../../components/dashboard-heading'
import { userMessage } from '../../lib/http'
import { usePageTitle } from '../../lib/use-page-title'
import { useSchedule } from './api/get-schedule'
import { ClosedDaysSection } from './closed-days-section'
import { TreatmentsSection } from './treatments-section'
import { useAffectingChange } from './use-affecting-change'

/**
 * Issue 13 (beyond the spec): the clinic's offer as data. Changes apply to availability at once
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
        <div role="alert" className="alert alert-error alert-soft flex-wrap">
          <p>The treatments could not be loaded. {userMessage(schedule.error)}</p>
          <button type="button" className="btn btn-sm btn-error" onClick={() => schedule.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div className="flex justify-center py-16" role="status">
          <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
          <span className="sr-only">Loading the treatments…</span>
        </div>
      )}
    </div>
  )
}
