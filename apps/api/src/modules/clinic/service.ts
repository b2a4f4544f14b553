import { BEYOND_WINDOW_MESSAGE, PAST_DATE_MESSAGE } from '@shared/clinic'
import { clinicToday, lastBookableDate } from '@shared/clinic-time'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { PreparedBody } from '../../lib/prepared-body'
import type { AvailabilityCache } from './availability-cache'
import { findClosedDays, listTreatmentPrices, listTreatments } from './repository'

export interface ClinicDeps {
  db: Db
  timeZone: string
  now: () => Date
  availability: AvailabilityCache
}

/** Dates before the clinic's today or past the booking window are refused (decision 0006). */
export function assertBookableDate(date: string, today: string): void {
  if (date < today) throw new AppError('DATE_PAST', PAST_DATE_MESSAGE)
  if (date > lastBookableDate(today)) throw new AppError('DATE_BEYOND_WINDOW', BEYOND_WINDOW_MESSAGE)
}

export function clinicService({ db, timeZone, now, availability }: ClinicDeps) {
  return {
    /** The JSON body of GET /api/appOptions for `date`. */
    appOptionsBody(date: string): PreparedBody | Promise<PreparedBody> {
      const instant = now()
      assertBookableDate(date, clinicToday(timeZone, instant))
      return availability.freeSlotsBody(date, instant)
    },

    specialty: () => listTreatments(db),

    prices: () => listTreatmentPrices(db),

    async calendar() {
      const today = clinicToday(timeZone, now())
      const last = lastBookableDate(today)
      return { timeZone, today, lastBookableDate: last, ...(await findClosedDays(db, today, last)) }
    },
  }
}
