import { createHash } from 'node:crypto'
import type { CreateBookingBody } from '@shared/bookings'
import type { Db } from '../../db/client'
import { keyReusedError } from './booking-errors'
import { findByIdempotencyKey } from './repository'

/** What an Idempotency-Key stands for: the booking asked for (the e-mail and fee are ignored anyway). */
export function requestHash(body: CreateBookingBody): string {
  const asked = [body.appointmentDate, body.treatmentName, body.slot, body.patientName, body.phone]
  return createHash('sha256').update(JSON.stringify(asked)).digest('hex')
}

/**
 * The booking this patient's key already made, to answer a repeated submit with; undefined when
 * the key is new. The key stands for one request only: sent with other details, it is a 422
 * (decision 0015), and the unique (user_id, idempotency_key) constraint books nothing.
 */
export async function replayOf(db: Db, userId: string, key: string, hash: string | null) {
  const first = await findByIdempotencyKey(db, userId, key)
  if (!first) return undefined
  // A key stored before requests were hashed replays whatever it comes with.
  if (first.requestHash !== null && first.requestHash !== hash) throw keyReusedError()
  return { acknowledged: true as const, insertedId: first.id }
}
