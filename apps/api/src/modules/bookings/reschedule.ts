import { BOOKING_MESSAGES as M, type RescheduleBookingBody } from '@shared/bookings'
import { clinicToday, parseSlotLabel } from '@shared/clinic-time'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../errors'
import { isUuid, ownRow } from '../../lib/ids'
import type { CurrentUser, Origin } from '../accounts'
import { audit, byAccount } from '../audit'
import { assertBookableDate } from '../clinic'
import { refusalError, slotTakenError, tooManyUpcomingError } from './booking-errors'
import { whyRefused } from './repository'
import {
  forgetRemindersAndMailMove,
  lockOwnBooking,
  moveBooking,
  moveRefusal,
  type SlotAsked,
} from './reschedule-repository'

export interface RescheduleDeps {
  db: Db
  now: () => Date
  clinic: { timeZone: string }
  /** REFUND_CUTOFF_HOURS: a booking moves online until this long before it, as a paid one is cancelled. */
  cutoffHours: number
  maxUpcomingBookings: number
}

const HOUR_MS = 3_600_000
const notYours = () => notFound(M.notFound)

type LockedBooking = NonNullable<Awaited<ReturnType<typeof lockOwnBooking>>>

/** Why this booking may not move now, before any slot is looked at. */
function assertMovable(booking: LockedBooking, asked: SlotAsked, cutoffHours: number): void {
  if (booking.status === 'cancelled') throw new AppError('ALREADY_CANCELLED', M.cancelledNotMovable)
  const ahead = booking.startsAt.getTime() - asked.now.getTime()
  if (ahead <= 0) throw new AppError('BOOKING_STARTED', M.startedNotMovable)
  if (ahead < cutoffHours * HOUR_MS)
    throw new AppError('RESCHEDULE_CUTOFF_PASSED', M.rescheduleCutoffPassed(cutoffHours))
  if (booking.date === asked.date && booking.slotLabel === asked.slotLabel)
    throw new AppError('SAME_SLOT', M.sameSlot)
}

/**
 * Moves the patient's own booking to another slot of its treatment, in one transaction:
 * the new slot taken and the old one freed by one UPDATE, the reminders of the old time forgotten,
 * the move's mail and its audit entry written; or, refused, nothing changed. A paid booking keeps
 * its payment (the payment names the booking, not the slot).
 */
export async function rescheduleBooking(
  deps: RescheduleDeps,
  user: CurrentUser,
  id: string,
  body: RescheduleBookingBody,
  origin: Origin,
): Promise<void> {
  if (!isUuid(id)) throw notYours()
  const now = deps.now()
  assertBookableDate(body.appointmentDate, clinicToday(deps.clinic.timeZone, now))
  const slot = parseSlotLabel(body.slot)
  await deps.db.transaction(async (tx) => {
    const booking = ownRow(await lockOwnBooking(tx, id), user, notYours)
    const asked: SlotAsked = {
      bookingId: id,
      date: body.appointmentDate,
      start: slot?.start ?? '',
      minutes: slot?.minutes ?? 0,
      slotLabel: body.slot,
      timeZone: deps.clinic.timeZone,
      now,
    }
    if (!slot) throw refusalError('slot', booking)
    assertMovable(booking, asked, deps.cutoffHours)
    if (!(await move(tx, asked, booking, deps))) throw await slotRefusal(tx, user, booking, asked)
    await forgetRemindersAndMailMove(tx, id)
    await audit(tx, {
      event: 'booking_rescheduled',
      ...byAccount(user, origin),
      detail: {
        bookingId: id,
        treatment: booking.treatmentName,
        from: { date: booking.date, ...parseSlotLabel(booking.slotLabel) },
        to: { date: asked.date, start: asked.start, minutes: asked.minutes },
      },
    })
  })
}

/** The move, or the double-booking rule that refused it (the transaction is then rolled back). */
async function move(tx: Db, asked: SlotAsked, booking: LockedBooking, deps: RescheduleDeps) {
  try {
    return await moveBooking(tx, asked)
  } catch (error) {
    const refusal = moveRefusal(error)
    if (refusal === 'upcomingLimit') throw tooManyUpcomingError(deps.maxUpcomingBookings)
    if (refusal) throw refusalError(refusal, { date: asked.date, treatmentName: booking.treatmentName })
    throw error
  }
}

/** The rule of a new booking that refused the slot (treatment, slot, closed day, started). */
async function slotRefusal(tx: Db, user: CurrentUser, booking: LockedBooking, asked: SlotAsked) {
  const [reason] = await whyRefused(tx, [
    {
      userId: user.id,
      treatmentName: booking.treatmentName,
      date: asked.date,
      start: asked.start,
      minutes: asked.minutes,
      slotLabel: asked.slotLabel,
      patientName: '',
      phone: '',
      idempotencyKey: null,
      requestHash: null,
      timeZone: asked.timeZone,
      now: asked.now,
    },
  ])
  return reason
    ? refusalError(reason, { date: asked.date, treatmentName: booking.treatmentName })
    : slotTakenError()
}
