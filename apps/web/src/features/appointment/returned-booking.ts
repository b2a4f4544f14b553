/**
 * The booking or waitlist request a signed-out visitor started: the modal hands it to /login as
 * `state.booking`, and the login page hands it back to /appointment, which reopens that
 * treatment's dialog on that day.
 */
import type { AppOption } from '@shared/clinic'

export interface ReturnedBooking {
  treatmentId?: string | undefined
  treatmentName: string
  appointmentDate: string
  slot?: string | undefined
  /** Started from 'Notify me' on a full day rather than from Book. */
  notify?: boolean | undefined
}

/** The dialog to reopen for a returned visitor. */
export type ReturnedDialog =
  | { kind: 'book'; option: AppOption; slot?: string | undefined }
  | { kind: 'notify'; option: AppOption }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/** The booking in a location's state, or null; history state is untrusted input like any other. */
export function returnedBooking(locationState: unknown): ReturnedBooking | null {
  if (!isRecord(locationState) || !isRecord(locationState.booking)) return null
  const { treatmentId, treatmentName, appointmentDate, slot, notify } = locationState.booking
  if (typeof treatmentName !== 'string' || typeof appointmentDate !== 'string') return null
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
  return {
    treatmentId: text(treatmentId),
    treatmentName,
    appointmentDate,
    slot: text(slot),
    notify: notify === true,
  }
}

/**
 * The dialog that continues what the visitor started, found by treatment id, else by name. A slot
 * that freed while a visitor signed in to join the waitlist is theirs to book; a day that filled
 * up while a visitor signed in to book opens nothing (its card then offers Notify me).
 */
export function returnedDialog(options: AppOption[], booking: ReturnedBooking): ReturnedDialog | undefined {
  const option =
    options.find((o) => booking.treatmentId !== undefined && o._id === booking.treatmentId) ??
    options.find((o) => o.name === booking.treatmentName)
  if (!option) return undefined
  if (option.slots.length > 0)
    return { kind: 'book', option, slot: booking.notify ? undefined : booking.slot }
  return booking.notify ? { kind: 'notify', option } : undefined
}
