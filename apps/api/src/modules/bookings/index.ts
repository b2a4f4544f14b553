/**
 * Patients' bookings; and the booking's mails, which the outbox renders and the clinic's own
 * cancellations reuse.
 */
export type { BookingFacts, ClinicFacts } from './booking-mail'
export { bookingMailRenderers } from './booking-mail-renderers'
export { appointmentCalendarFile } from './calendar-invite'
export { saveUpcomingLimit } from './repository'
export { bookingRoutes } from './routes'
