import { PAST_DATE_MESSAGE } from '@shared/clinic'
import { clinicToday, formatMediumDate, weekdayOf } from '@shared/clinic-time'
import type { AddHolidayBody, AffectedBookings } from '@shared/schedule'
import { SCHEDULE_MESSAGES as M, WEEKDAY_NAMES } from '@shared/schedule'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../errors'
import { audit } from '../audit'
import { countAffected, onDate, onWeekdays } from './affected-bookings'
import { changeAffecting } from './affecting-change'
import {
  deleteHoliday,
  findClosedWeekdays,
  findHolidaysFrom,
  insertHoliday,
  isHoliday,
  saveClosedWeekdays,
} from './closed-days-repository'
import { type Actor, auditedBy, type ScheduleDeps } from './schedule-change'

/** Weekly closed days and holidays (decision 0019): a closed day offers no slot to book. */
export function closedDaysService(deps: ScheduleDeps) {
  const { db, now, clinic } = deps
  const affecting = changeAffecting(deps)
  const today = () => clinicToday(clinic.timeZone, now())
  /** The weekdays this list would close that are open now, as a scope (none: undefined). */
  async function closing(tx: Db, weekdays: number[]) {
    const closed = await findClosedWeekdays(tx)
    const newly = weekdays.filter((d) => !closed.includes(d))
    return newly.length ? onWeekdays(newly) : undefined
  }
  const holidayExists = (date: string) => new AppError('HOLIDAY_EXISTS', M.holidayExists(date))

  function assertNotPast(date: string) {
    if (date < today()) throw new AppError('DATE_PAST', PAST_DATE_MESSAGE)
  }

  return {
    async list() {
      const [closedWeekdays, holidays] = await Promise.all([
        findClosedWeekdays(db),
        findHolidaysFrom(db, today()),
      ])
      return { closedWeekdays, holidays }
    },

    /** The appointments on the weekdays this list would close. */
    async weekdaysImpact(weekdays: number[]) {
      const scope = await closing(db, weekdays)
      return scope ? countAffected(db, scope, now()) : { bookings: 0, paid: 0 }
    },

    async setWeekdays(actor: Actor, weekdays: number[], choice: AffectedBookings | undefined) {
      const { affected } = await affecting(choice, {
        scope: (tx) => closing(tx, weekdays),
        async apply(tx) {
          const before = await findClosedWeekdays(tx)
          await saveClosedWeekdays(tx, weekdays)
          return before
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
        async scope(tx) {
          if (await isHoliday(tx, holiday.date)) throw holidayExists(holiday.date)
          return onDate(holiday.date)
        },
        async apply(tx) {
          if (!(await insertHoliday(tx, holiday))) throw holidayExists(holiday.date)
          return holiday
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
