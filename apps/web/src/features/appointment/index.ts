/*
 * The appointment feature's public file: what the rest of the app may use of it. The feature owns
 * the bookings (it makes them), so the keys every list of them is cached under are here, and the
 * dashboard, which lists and cancels them, imports them from this file.
 */
// The calendar and each day's free slots, which the dashboard's rescheduling shows (decision 0035).
export { appOptionsKeys, useAppOptions } from './api/get-app-options'
export { bookingQueryOptions } from './api/get-booking'
export { clinicCalendarKeys, useClinicCalendar } from './api/get-clinic-calendar'
export { bookingKeys, myBookingsQueryOptions, useMyBookings } from './api/get-my-bookings'
// The patient's waitlist, which My Appointment lists (decision 0036).
export { myWaitlistQueryOptions, useMyWaitlist, waitlistKeys } from './api/get-my-waitlist'
export { BookingCalendar } from './booking-calendar'
export { firstOpenDay, isOpenForBooking } from './open-days'
