import { formatMediumDate, weekdayOf } from '@shared/clinic-time'
import { useMutation } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import toast from 'react-hot-toast/headless'
import { useSearchParams } from 'react-router'
import { DashboardHeading } from '../../components/dashboard-heading'
import { LoadFailed, Loading } from '../../components/load-states'
import { userMessage } from '../../lib/http'
import { usePageTitle } from '../../lib/use-page-title'
import { AgendaTable } from './agenda-table'
import { downloadAgendaCsv } from './api/export-agenda'
import { agendaDateOf, useAgenda } from './api/get-agenda'
import { useMarkAttendance } from './api/mark-attendance'
import { ClosedDayNotice } from './closed-day-notice'
import { useNow } from './use-now'
import { WaitlistSummary } from './waitlist-summary'

/**
 * Beyond the spec (decision 0019): the front desk's day. The date is the clinic's (today when none is
 * chosen) and lives in the address, so a reload or a shared link shows the same day.
 */
export function AgendaPage() {
  usePageTitle('Agenda')
  const [params, setParams] = useSearchParams()
  const chosen = agendaDateOf(params)
  const agenda = useAgenda(chosen)
  const date = chosen ?? agenda.data?.date
  const mark = useMarkAttendance(chosen)
  const now = useNow()
  const exportCsv = useMutation({
    mutationFn: downloadAgendaCsv,
    onError: (error) => toast.error(userMessage(error)),
  })

  return (
    <>
      <DashboardHeading>Agenda</DashboardHeading>
      <div className="my-4 flex flex-wrap items-end justify-between gap-3">
        <label className="flex flex-col gap-1">
          <span className="font-medium">Date</span>
          <input
            type="date"
            className="input"
            value={date ?? ''}
            onChange={(event) => {
              if (event.target.value) setParams({ date: event.target.value }, { replace: true })
            }}
          />
        </label>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={!date || exportCsv.isPending}
          onClick={() => date && exportCsv.mutate(date)}
        >
          <Download className="size-4" aria-hidden="true" />
          Export CSV
        </button>
      </div>
      {agenda.data ? (
        <>
          <h2 className="mb-3 font-semibold text-lg">{formatMediumDate(agenda.data.date)}</h2>
          {agenda.data.closed ? (
            <ClosedDayNotice closure={agenda.data.closed} weekday={weekdayOf(agenda.data.date)} />
          ) : null}
          {agenda.data.waitlist.length > 0 ? <WaitlistSummary waitlist={agenda.data.waitlist} /> : null}
          {agenda.data.bookings.length > 0 ? (
            <AgendaTable
              entries={agenda.data.bookings}
              marking={mark.isPending ? mark.variables?.bookingId : undefined}
              now={now}
              onMark={(entry, attendance) => mark.mutate({ bookingId: entry._id, attendance })}
            />
          ) : (
            <p className="rounded-box border border-base-300 p-6 text-center text-base-content/80">
              No appointments on this day.
            </p>
          )}
        </>
      ) : agenda.isError ? (
        <LoadFailed what="The agenda" error={agenda.error} onRetry={() => agenda.refetch()} />
      ) : (
        <Loading label="Loading the agenda…" />
      )}
    </>
  )
}
