import { type Booking, type CreateBookingBody, BOOKING_MESSAGES as M } from '@shared/bookings'
import { clinicToday, parseSlotLabel } from '@shared/clinic-time'
import type { AnnouncedCache } from '../../db/announced-cache'
import type { Db } from '../../db/client'
import { AppError, forbidden, notFound, unauthorized } from '../../errors'
import { batchWhileBusy } from '../../lib/batch-while-busy'
import { findById, isUuid, ownRow } from '../../lib/ids'
import type { Metrics } from '../../plugins/metrics'
import type { CurrentUser } from '../accounts'
import type { AvailabilityCache } from '../clinic'
import { assertBookableDate, slotKey } from '../clinic'
import type { PaymentService } from '../payments'
import { cancelRefusal, refusalError, slotTakenError, tooManyUpcomingError } from './booking-errors'
import { replayOf, requestHash } from './idempotency'
import {
  type BookingRow,
  cancelBooking,
  findBooking,
  type InsertedBooking,
  insertBookings,
  isDeletedPatient,
  isOverUpcomingLimit,
  listBookings,
  type NewBooking,
  whyRefused,
} from './repository'

export interface BookingDeps {
  db: Db
  now: () => Date
  availability: AvailabilityCache
  clinic: { timeZone: string }
  /** MAX_UPCOMING_BOOKINGS, for the message; the database trigger enforces it. */
  maxUpcomingBookings: number
  /** A paid booking is cancelled through its refund; an unpaid one's open intent is cancelled after it. */
  refunds: Pick<PaymentService, 'refundAndCancel' | 'cancelOpenIntent'>
  metrics: Pick<Metrics, 'bookingsMade' | 'bookingsRefused'>
  /** Each patient's My Appointment list as last read, until the database announces a change to it. */
  lists: AnnouncedCache<PatientList>
}

/** A patient's list as read at `readAt`, in its order until `reorderedAt` (its next appointment's start). */
export interface PatientList {
  bookings: Booking[]
  readAt: number
  reorderedAt: number
}

/** The patients whose lists are kept: those signed in lately and looking at their appointments. */
export const PATIENT_LISTS_KEPT = 1000

const notYours = () => notFound(M.notFound)

export function bookingService(deps: BookingDeps) {
  const { db, clinic } = deps
  // In a rush, the attempts waiting for the database go in together: one INSERT for all of them,
  // and one query to name the rule for those refused.
  const insertBooking = batchWhileBusy((batch: NewBooking[]) => insertBookings(db, batch))
  const refusalOf = batchWhileBusy((batch: NewBooking[]) => whyRefused(db, batch))

  /** The e-mail is the account's and the fee the treatment's, whatever the body says. */
  async function book(user: CurrentUser, body: CreateBookingBody, idempotencyKey?: string) {
    const now = deps.now()
    assertBookableDate(body.appointmentDate, clinicToday(clinic.timeZone, now))
    const slot = parseSlotLabel(body.slot)
    if (!slot) throw refusalError('slot', { date: body.appointmentDate, treatmentName: body.treatmentName })
    const b: NewBooking = {
      userId: user.id,
      treatmentName: body.treatmentName,
      date: body.appointmentDate,
      start: slot.start,
      minutes: slot.minutes,
      slotLabel: body.slot,
      patientName: body.patientName,
      phone: body.phone,
      idempotencyKey: idempotencyKey ?? null,
      requestHash: idempotencyKey ? requestHash(body) : null,
      timeZone: clinic.timeZone,
      now,
    }
    // A repeated submit (same Idempotency-Key) answers with the first booking, even when the
    // repeat raced the first one and lost to it on a slot rule before the key's.
    const replay = async () =>
      idempotencyKey ? replayOf(db, user.id, idempotencyKey, b.requestHash) : undefined
    const replayOr = async (refusal: AppError) => {
      const first = await replay()
      if (first) return first
      throw refusal
    }

    const key = slotKey(b.treatmentName, b.start, b.minutes)
    return deps.availability.attempt(b.date, key, async () => {
      // Most attempts in a booking race ask for a slot already gone: when this process knows that
      // for certain, it answers as the database would, without asking it.
      if (await deps.availability.isBooked(b.date, now, key)) return replayOr(slotTakenError())
      for (let attempt = 1; attempt <= 3; attempt++) {
        let inserted: InsertedBooking | undefined
        try {
          inserted = await insertBooking(b)
        } catch (error) {
          if (isOverUpcomingLimit(error)) return replayOr(tooManyUpcomingError(deps.maxUpcomingBookings))
          if (isDeletedPatient(error)) throw unauthorized()
          throw error
        }
        // The confirmation mail was written with the booking, by the database (migration 0006).
        if (inserted) {
          deps.metrics.bookingsMade.inc()
          return { acknowledged: true as const, insertedId: inserted.id }
        }
        const reason = await refusalOf(b)
        if (reason) return replayOr(refusalError(reason, b))
        // No rule holds: either the key was used (for this request or another), or the
        // conflicting booking was cancelled in between and booking again may succeed.
        const first = await replay()
        if (first) return first
      }
      // The conflicting booking was cancelled each time before the rule could be named.
      return replayOr(slotTakenError())
    })
  }

  return {
    /** A repeated submit answered with its first booking counts neither as made nor as refused. */
    async create(user: CurrentUser, body: CreateBookingBody, idempotencyKey?: string) {
      try {
        return await book(user, body, idempotencyKey)
      } catch (error) {
        if (error instanceof AppError) deps.metrics.bookingsRefused.inc({ reason: error.code })
        throw error
      }
    },

    async list(user: CurrentUser, email: string): Promise<Booking[]> {
      if (email !== user.email) throw forbidden(M.notYourList)
      const now = deps.now()
      const kept = await deps.lists.get(
        user.id,
        () => readPatientList(db, user.id, now),
        (list) => list.readAt <= now.getTime() && now.getTime() < list.reorderedAt,
      )
      return kept.bookings
    },

    /** The owner or an admin; anyone else gets the same 404 as for a booking that does not exist. */
    async get(user: CurrentUser, id: string): Promise<Booking> {
      const row = await findById(id, (id) => findBooking(db, id))
      return toBooking(ownRow(row, user, notYours, { adminMaySee: true }))
    },

    /**
     * Patients cancel their own upcoming bookings; the slot is free again at once. A paid one is
     * refunded first, and only until REFUND_CUTOFF_HOURS before it.
     */
    async cancel(user: CurrentUser, id: string): Promise<Booking> {
      if (!isUuid(id)) throw notYours()
      const now = deps.now()
      const cancelled = await cancelBooking(db, id, user.id, now)
      const row = ownRow(await findBooking(db, id), user, notYours)
      if (cancelled) {
        await deps.refunds.cancelOpenIntent(id)
        return toBooking(row)
      }
      const refundable = row.status === 'booked' && row.paid && new Date(row.startsAt) > now
      if (refundable && (await deps.refunds.refundAndCancel(user, id))) {
        const refunded = await findBooking(db, id)
        if (refunded) return toBooking(refunded)
      }
      throw cancelRefusal((await findBooking(db, id)) ?? row)
    },
  }
}

/** Kept between requests: 200 bookings cost PGlite ~3 ms to read, a kept list nothing. */
async function readPatientList(db: Db, userId: string, now: Date): Promise<PatientList> {
  const rows = await listBookings(db, userId, now)
  // Upcoming ones come first, so a later start passing cannot change the order before this one does.
  const next = rows.find((row) => row.status === 'booked' && new Date(row.startsAt) > now)
  return {
    bookings: rows.map(toBooking),
    readAt: now.getTime(),
    reorderedAt: next ? Date.parse(next.startsAt) : Number.POSITIVE_INFINITY,
  }
}

/** What the patient sees: the row without whose it is. */
const toBooking = ({ userId, ...booking }: BookingRow): Booking => booking
