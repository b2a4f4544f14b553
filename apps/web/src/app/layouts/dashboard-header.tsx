import type { Booking } from '@shared/bookings'
import { formatMonthYear } from '@shared/clinic-time'
import { CalendarDays } from 'lucide-react'
import { useClinicCalendar, useMyBookings } from '../../features/appointment'

/**
 * Spec section 2: a date badge and the count of bookings. The spec's badge is a fixed 'Nov 2022'
 * and its count is nobody's in particular; here the badge is the clinic's current month and the
 * count says it is the signed-in user's own upcoming bookings, which an admin's agenda is not
 * (decision 0027).
 */
export function DashboardHeader() {
  const calendar = useClinicCalendar()
  const bookings = useMyBookings()
  const today = calendar.data?.today
  const count = today && bookings.data ? upcoming(bookings.data.bookings, today) : undefined
  const failed = bookings.isError || calendar.isError
  const pendingText = failed ? 'Bookings could not be loaded' : 'Loading bookings…'

  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 bg-base-100 px-4 py-3">
      <span className="badge badge-primary badge-lg gap-2 font-semibold">
        <CalendarDays className="size-4" aria-hidden="true" />
        {today ? formatMonthYear(today) : '…'}
      </span>
      <p className="text-base-content/80" aria-live="polite">
        {count !== undefined ? (
          <>
            You have <span className="text-xl font-bold text-base-content">{count}</span> upcoming{' '}
            {count === 1 ? 'booking' : 'bookings'}
          </>
        ) : (
          pendingText
        )}
      </p>
    </div>
  )
}

// Cancelled bookings stay in the list for the record but are no longer appointments.
const upcoming = (bookings: Booking[], today: string) =>
  bookings.filter((booking) => booking.status === 'booked' && booking.appointmentDate >= today).length
