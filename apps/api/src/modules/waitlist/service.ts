import { BOOKING_MESSAGES } from '@shared/bookings'
import { clinicToday, slotLabel } from '@shared/clinic-time'
import type { JoinWaitlistBody, WaitlistEntry } from '@shared/waitlist'
import { WAITLIST_MESSAGES as M } from '@shared/waitlist-messages'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../errors'
import { isUuid, ownRow } from '../../lib/ids'
import type { CurrentUser } from '../accounts'
import { assertBookableDate } from '../clinic'
import { acceptOffer } from './accept'
import {
  deleteEntry,
  type EntryRow,
  findEntry,
  insertEntry,
  type JoinRefusal,
  type JoinRequest,
  listEntries,
  whyNotJoined,
} from './repository'

export interface WaitlistDeps {
  db: Db
  now: () => Date
  clinic: { timeZone: string }
}

const notYours = () => notFound(M.notFound)

function joinRefusal(reason: JoinRefusal | undefined, date: string): AppError {
  switch (reason) {
    case 'treatment':
      return new AppError('TREATMENT_NOT_OFFERED', BOOKING_MESSAGES.treatmentNotOffered)
    case 'closed':
      return new AppError('CLINIC_CLOSED', BOOKING_MESSAGES.clinicClosed(date))
    case 'waiting':
      return new AppError('ALREADY_ON_WAITLIST', M.alreadyWaiting)
    // A slot freed between the insert and the question: booking it is the way now.
    default:
      return new AppError('SLOTS_STILL_FREE', M.slotsStillFree)
  }
}

export function waitlistService({ db, now, clinic }: WaitlistDeps) {
  return {
    /** Joins only a full day: while a slot is free, the patient books it instead. */
    async join(user: CurrentUser, body: JoinWaitlistBody): Promise<WaitlistEntry> {
      const at = now()
      assertBookableDate(body.date, clinicToday(clinic.timeZone, at))
      if (!isUuid(body.treatmentId)) throw joinRefusal('treatment', body.date)
      const request: JoinRequest = { ...body, userId: user.id, timeZone: clinic.timeZone, now: at }
      const id = await insertEntry(db, request)
      if (!id) throw joinRefusal(await whyNotJoined(db, request), body.date)
      return toEntry(ownRow(await findEntry(db, id), user, notYours))
    },

    async mine(user: CurrentUser): Promise<WaitlistEntry[]> {
      return (await listEntries(db, user.id, clinicToday(clinic.timeZone, now()))).map(toEntry)
    },

    /** Leaving also declines a live offer: its slot goes to the next in line. */
    async leave(user: CurrentUser, id: string): Promise<void> {
      if (!isUuid(id) || !(await deleteEntry(db, id, user.id))) throw notYours()
    },

    async accept(user: CurrentUser, offerId: string): Promise<{ bookingId: string }> {
      if (!isUuid(offerId)) throw new AppError('OFFER_NOT_LIVE', M.offerNotLive)
      const outcome = await acceptOffer(db, offerId, user.id, clinic.timeZone, now())
      if ('booked' in outcome) return { bookingId: outcome.booked }
      if (outcome.refused === 'slot_gone') throw new AppError('SLOT_TAKEN', M.slotGone)
      throw new AppError('OFFER_NOT_LIVE', M.offerNotLive)
    },
  }
}

function toEntry(row: EntryRow): WaitlistEntry {
  const offer =
    row.offerId && row.offerStart && row.offerMinutes && row.offerExpiresAt
      ? {
          _id: row.offerId,
          slot: slotLabel(row.offerStart, row.offerMinutes),
          expiresAt: new Date(row.offerExpiresAt).toISOString(),
        }
      : null
  return {
    _id: row.id,
    treatmentId: row.treatmentId,
    treatmentName: row.treatmentName,
    date: row.date,
    offer,
  }
}
