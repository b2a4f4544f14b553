/**
 * The booking a signed-out visitor started: the modal hands it to /login as `state.booking`, and
 * the login page hands it back to /appointment, which reopens that treatment's modal on that day.
 */
import type { AppOption } from '@shared/clinic'

export interface ReturnedBooking {
  treatmentId?: string | undefined
  treatmentName: string
  appointmentDate: string
  slot?: string | undefined
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/** The booking in a location's state, or null; history state is untrusted input like any other. */
export function returnedBooking(locationState: unknown): ReturnedBooking | null {
  if (!isRecord(locationState) || !isRecord(locationState.booking)) return null
  const { treatmentId, treatmentName, appointmentDate, slot } = locationState.booking
  if (typeof treatmentName !== 'string' || typeof appointmentDate !== 'string') return null
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
  return { treatmentId: text(treatmentId), treatmentName, appointmentDate, slot: text(slot) }
}

/** The returned booking's treatment among the day's options, if it still has a free slot. */
export function returnedOption(options: AppOption[], booking: ReturnedBooking): AppOption | undefined {
  const option =
    options.find((o) => booking.treatmentId !== undefined && o._id === booking.treatmentId) ??
    options.find((o) => o.name === booking.treatmentName)
  return option && option.slots.length > 0 ? option : undefined
}
