import type { Booking } from '@shared/bookings'
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { DashboardHeading } from '../../components/dashboard-heading'
import { LoadFailed, Loading } from '../../components/load-states'
import { usePageTitle } from '../../lib/use-page-title'
import { useMyBookings } from '../appointment'
import { useMyReviews } from './api/reviews'
import { CancelBookingDialog } from './cancel-booking-dialog'
import { MyAppointmentsTable } from './my-appointments-table'
import { RescheduleDialog } from './reschedule-dialog'
import { ReviewDialog } from './review-dialog'
import { WaitlistSection } from './waitlist-section'

/** Spec section 2: the signed-in patient's bookings, with payment, rescheduling and cancellation. */
export function MyAppointmentsPage() {
  usePageTitle('My Appointment')
  const bookings = useMyBookings()
  const [cancelling, setCancelling] = useState<Booking | null>(null)
  const [rescheduling, setRescheduling] = useState<Booking | null>(null)
  const [reviewing, setReviewing] = useState<Booking | null>(null)
  const myReviews = useMyReviews().data
  const attended = useMemo(() => new Set(myReviews?.attendedBookingIds), [myReviews])
  const reviews = useMemo(() => new Map(myReviews?.reviews.map((r) => [r.bookingId, r])), [myReviews])
  const now = Date.now()

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <DashboardHeading>My Appointment</DashboardHeading>
        <Link to="/appointment" className="btn btn-primary btn-sm">
          Book an appointment
        </Link>
      </div>
      {bookings.data ? (
        bookings.data.bookings.length > 0 ? (
          <MyAppointmentsTable
            bookings={bookings.data.bookings}
            now={now}
            onCancel={setCancelling}
            onReschedule={setRescheduling}
            attended={attended}
            reviews={reviews}
            onReview={setReviewing}
          />
        ) : (
          <p className="rounded-box border border-base-300 p-6 text-center text-base-content/80">
            You have no appointments yet.
          </p>
        )
      ) : bookings.isError ? (
        <LoadFailed what="Your appointments" error={bookings.error} onRetry={() => bookings.refetch()} />
      ) : (
        <Loading label="Loading your appointments…" />
      )}
      <WaitlistSection />
      {cancelling ? (
        <CancelBookingDialog booking={cancelling} now={now} onClose={() => setCancelling(null)} />
      ) : null}
      {rescheduling ? (
        <RescheduleDialog booking={rescheduling} now={now} onClose={() => setRescheduling(null)} />
      ) : null}
      {reviewing ? (
        <ReviewDialog
          booking={reviewing}
          review={reviews.get(reviewing._id)}
          onClose={() => setReviewing(null)}
        />
      ) : null}
    </>
  )
}
