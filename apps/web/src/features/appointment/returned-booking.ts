/**
 * The booking a signed-out visitor started: the modal hands it to /login as `state.booking`, and
 * the login page hands it back to /appointment, which reopens that treatment's modal on that day.
 */
export interface ReturnedBooking {
  treatmentId: string
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
  if (typeof treatmentId !== 'string' || typeof treatmentName !== 'string') return null
  if (typeof appointmentDate !== 'string') return null
  return { treatmentId, treatmentName, appointmentDate, slot: typeof slot === 'string' ? slot : undefined }
}
