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

  // The same box before and after the answers, so the page below does not move: on a phone the
  // badge and the count are stacked whatever their length (a short "Loading bookings…" fitted
  // beside the badge, the count did not), and the line is as high with the larger digit as without.
  return (
    <div className="mb-6 flex flex-col items-start gap-3 rounded-box border border-base-300 bg-base-100 px-4 py-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
      <span className="badge badge-primary badge-lg gap-2 font-semibold">
        <CalendarDays className="size-4" aria-hidden="true" />
        {today ? formatMonthYear(today) : '…'}
      </span>
      <p className="leading-7 text-base-content/80" aria-live="polite">
        {count !== undefined ? (
          <>
            You have <span className="text-xl leading-none font-bold text-base-content">{count}</span>{' '}
            upcoming {count === 1 ? 'booking' : 'bookings'}
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
