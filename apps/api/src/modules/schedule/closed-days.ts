import { PAST_DATE_MESSAGE } from '@shared/clinic'
import { clinicToday, formatMediumDate, weekdayOf } from '@shared/clinic-time'
import type { AddHolidayBody, AffectedBookings } from '@shared/schedule'
import { SCHEDULE_MESSAGES as M, WEEKDAY_NAMES } from '@shared/schedule'
import { AppError, notFound } from '../../errors'
import { audit } from '../accounts'
import { countAffected, onDate, onWeekdays } from './affected-bookings'
import { changeAffecting } from './affecting-change'
import {
  deleteHoliday,
  findClosedWeekdays,
  findHolidaysFrom,
  insertHoliday,
  saveClosedWeekdays,
} from './closed-days-repository'
import { type Actor, auditedBy, type ScheduleDeps } from './service'

/** Weekly closed days and holidays (issue 13): a closed day offers no slot to book. */
export function closedDaysService({ db, now, clinic }: ScheduleDeps) {
  const affecting = changeAffecting(db, clinic, now)
  const today = () => clinicToday(clinic.timeZone, now())
  const newlyClosed = (weekdays: number[], closed: number[]) => weekdays.filter((d) => !closed.includes(d))

  function assertNotPast(date: string) {
    if (date < today()) throw new AppError('DATE_PAST', 400, PAST_DATE_MESSAGE)
  }

  return {
    async list() {
      const [closedWeekdays, holidays] = await Promise.all([
        findClosedWeekdays(db),
        findHolidaysFrom(db, today()),
      ])
      return { closedWeekdays, holidays }
    },

    /** The appointments on the weekdays this list would close that are open now. */
    async weekdaysImpact(weekdays: number[]) {
      const closing = newlyClosed(weekdays, await findClosedWeekdays(db))
      if (closing.length === 0) return { bookings: 0, paid: 0 }
      return countAffected(db, onWeekdays(closing), now())
    },

    async setWeekdays(actor: Actor, weekdays: number[], choice: AffectedBookings | undefined) {
      const { affected } = await affecting(choice, {
        async apply(tx) {
          const before = await findClosedWeekdays(tx)
          await saveClosedWeekdays(tx, weekdays)
          const closing = newlyClosed(weekdays, before)
          return { value: before, scope: closing.length ? onWeekdays(closing) : undefined }
        },
        reason: (b) => `the clinic is now closed on ${WEEKDAY_NAMES[weekdayOf(b.date)]}s`,
        audit: (tx, before, outcome) =>
          audit(tx, {
            event: 'schedule_changed',
            ...auditedBy(actor),
            detail: { change: 'closed_weekdays', from: before, to: [...weekdays].sort(), ...outcome },
          }),
      })
      return { closedWeekdays: await findClosedWeekdays(db), affected }
    },

    async holidayImpact(date: string) {
      assertNotPast(date)
      return countAffected(db, onDate(date), now())
    },

    async addHoliday(actor: Actor, body: AddHolidayBody, choice: AffectedBookings | undefined) {
      assertNotPast(body.date)
      const holiday = { date: body.date, reason: body.reason ?? '' }
      const { affected } = await affecting(choice, {
        async apply(tx) {
          if (!(await insertHoliday(tx, holiday)))
            throw new AppError('HOLIDAY_EXISTS', 409, M.holidayExists(holiday.date))
          return { value: holiday, scope: onDate(holiday.date) }
        },
        reason: () =>
          `the clinic is closed on ${formatMediumDate(holiday.date)}${holiday.reason ? ` (${holiday.reason})` : ''}`,
        audit: (tx, _, outcome) =>
          audit(tx, {
            event: 'schedule_changed',
            ...auditedBy(actor),
            detail: { change: 'holiday_added', ...holiday, ...outcome },
          }),
      })
      return { holiday, affected }
    },

    /** Opening a day again affects no appointment. */
    async removeHoliday(actor: Actor, date: string) {
      await db.transaction(async (tx) => {
        const removed = await deleteHoliday(tx, date)
        if (!removed) throw notFound(M.holidayNotFound)
        const detail = { change: 'holiday_removed', ...removed }
        await audit(tx, { event: 'schedule_changed', ...auditedBy(actor), detail })
      })
    },
  }
}
