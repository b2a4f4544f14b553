import { formatMediumDate } from '@shared/clinic-time'
import type { Holiday } from '@shared/schedule'
import { SCHEDULE_MESSAGES as M } from '@shared/schedule'
import { scheduleCalls as call } from './api/schedule-calls'
import { useScheduleChange } from './api/use-schedule-change'
import { ClosedWeekdaysForm } from './closed-weekdays-form'
import { HolidayForm } from './holidays-form'
import { ScheduleSection } from './schedule-section'
import type { useAffectingChange } from './use-affecting-change'

type ClosedDaysSectionProps = {
  closedWeekdays: number[]
  holidays: Holiday[]
  affecting: ReturnType<typeof useAffectingChange>
}

/** When the clinic is closed: weekly closed days and single holidays. */
export function ClosedDaysSection({ closedWeekdays, holidays, affecting }: ClosedDaysSectionProps) {
  const remove = useScheduleChange(call.removeHoliday, M.holidayRemoved)
  return (
    <ScheduleSection title="Closed days">
      <ClosedWeekdaysForm closed={closedWeekdays} affecting={affecting} />
      <h3 className="mt-8 mb-2 font-semibold">Holidays</h3>
      <HolidayForm affecting={affecting} />
      {holidays.length > 0 ? (
        <ul aria-label="Holidays" className="mt-4 flex flex-col divide-y divide-base-300">
          {holidays.map((h) => (
            <li key={h.date} className="flex items-center justify-between gap-4 py-2">
              <span className="min-w-0">
                <span className="font-medium">{formatMediumDate(h.date)}</span>
                {h.reason ? (
                  <span className="block break-words text-base-content/80 text-sm">{h.reason}</span>
                ) : null}
              </span>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                aria-label={`Remove the holiday on ${formatMediumDate(h.date)}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(h.date)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-base-content/80">No holidays ahead.</p>
      )}
    </ScheduleSection>
  )
}
