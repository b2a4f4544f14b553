import { type AgendaEntry, type AgendaReply, type Attendance, AGENDA_MESSAGES as M } from '@shared/agenda'
import { clinicToday } from '@shared/clinic-time'
import type { AnnouncedCache } from '../../db/announced-cache'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../errors'
import { isUuid } from '../../lib/ids'
import type { CurrentUser, Origin } from '../accounts'
import { audit } from '../audit'
import { closureOn } from '../clinic'
import { agendaCsv } from './agenda-csv'
import { agendaOf, entryOf, lockBooking, setAttendance, waitlistOf } from './repository'

export interface AgendaDeps {
  db: Db
  now: () => Date
  timeZone: string
  /** Each day's agenda as last read, until the database announces a change to it. */
  days: AnnouncedCache<AgendaReply>
}

/** The days kept: the front desk looks at today and the days around it, seldom at many more. */
export const AGENDA_DAYS_KEPT = 60

export function agendaService(deps: AgendaDeps) {
  const { db } = deps
  const dayOf = (date: string | undefined) => date ?? clinicToday(deps.timeZone, deps.now())

  async function read(date: string): Promise<AgendaReply> {
    const [closed, rows, waitlist] = await Promise.all([
      closureOn(db, date),
      agendaOf(db, date),
      waitlistOf(db, date),
    ])
    return { date, closed, bookings: rows, waitlist }
  }

  /** Kept between requests: a 200-booking day costs PGlite ~3 ms to read, a kept one nothing. */
  function day(date: string | undefined): Promise<AgendaReply> {
    const shown = dayOf(date)
    return deps.days.get(shown, () => read(shown))
  }

  return {
    day,

    async csv(date: string | undefined): Promise<{ date: string; csv: string }> {
      const agenda = await day(date)
      return { date: agenda.date, csv: agendaCsv(agenda.date, agenda.bookings) }
    },

    /**
     * The front desk marks (or, with null, unmarks) whether the patient came: only on an active
     * booking, and only once it has started in the clinic's time. Audited with the admin as actor.
     */
    async markAttendance(
      admin: CurrentUser,
      bookingId: string,
      attendance: Attendance | null,
      origin: Origin,
    ): Promise<AgendaEntry> {
      if (!isUuid(bookingId)) throw notFound(M.notFound)
      const now = deps.now()
      return db.transaction(async (tx) => {
        const row = await lockBooking(tx, bookingId)
        if (!row) throw notFound(M.notFound)
        if (row.status === 'cancelled') throw new AppError('BOOKING_CANCELLED', M.cancelled)
        if (row.startsAt > now) throw new AppError('ATTENDANCE_TOO_EARLY', M.tooEarly)
        await setAttendance(tx, bookingId, attendance, now)
        await audit(tx, {
          event: 'attendance_marked',
          userId: row.userId,
          actorId: admin.id,
          address: origin.address,
          detail: { bookingId, attendance },
        })
        const entry = await entryOf(tx, bookingId)
        if (!entry) throw notFound(M.notFound)
        return entry
      })
    },
  }
}
