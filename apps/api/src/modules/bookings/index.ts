/**
 * Patients' bookings; and the booking's mails, which the outbox renders and the clinic's own
 * cancellations reuse.
 */
export { type BookingFacts, bookingMail, type ClinicFacts } from './booking-mail'
export { appointmentCalendarFile } from './calendar-invite'
export { saveUpcomingLimit } from './repository'
export { bookingRoutes } from './routes'
