import type { ClinicCalendarReply } from '@shared/clinic'
import { addDays, weekdayOf } from '@shared/clinic-time'

/** True when the server would accept `date`: inside the window and the clinic open that day. */
export function isOpenForBooking(date: string, calendar: ClinicCalendarReply): boolean {
  return (
    date >= calendar.today &&
    date <= calendar.lastBookableDate &&
    !calendar.closedWeekdays.includes(weekdayOf(date)) &&
    !calendar.holidays.includes(date)
  )
}

/** The clinic's today, or its first open day after it when today is closed. */
export function firstOpenDay(calendar: ClinicCalendarReply): string {
  for (let date = calendar.today; date <= calendar.lastBookableDate; date = addDays(date, 1)) {
    if (isOpenForBooking(date, calendar)) return date
  }
  return calendar.today
}
