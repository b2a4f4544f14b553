import { CalendarDays } from 'lucide-react'
import { useMyBookings } from '../../features/appointment'

/** Spec section 2: the dashboard header shows a fixed date badge (Nov 2022) and the booking count. */
const DATE_BADGE = 'Nov 2022'

export function DashboardHeader() {
  const bookings = useMyBookings()
  // Cancelled bookings stay in the list for the record but are no longer appointments.
  const count = bookings.data?.bookings.filter((booking) => booking.status === 'booked').length
  const pendingText = bookings.isError ? 'Bookings could not be loaded' : 'Loading bookings…'

  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 bg-base-100 px-4 py-3">
      <span className="badge badge-primary badge-lg gap-2 font-semibold">
        <CalendarDays className="size-4" aria-hidden="true" />
        {DATE_BADGE}
      </span>
      <p className="text-base-content/80" aria-live="polite">
        {count !== undefined ? (
          <>
            <span className="text-xl font-bold text-base-content">{count}</span>{' '}
            {count === 1 ? 'booking' : 'bookings'}
          </>
        ) : (
          pendingText
        )}
      </p>
    </div>
  )
}
