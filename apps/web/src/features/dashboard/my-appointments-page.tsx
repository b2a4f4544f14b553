import type { Booking } from '@shared/bookings'
import { lazy, Suspense, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { DashboardHeading } from '../../components/dashboard-heading'
import { LoadFailed, Loading } from '../../components/load-states'
import { ModalDialog } from '../../components/modal-dialog'
import { usePageTitle } from '../../lib/use-page-title'
import { useMyBookings } from '../appointment'
import { useMyReviews } from './api/reviews'
import { CancelBookingDialog } from './cancel-booking-dialog'
import { MyAppointmentsTable } from './my-appointments-table'
import { WaitlistSection } from './waitlist-section'

/*
 * Rescheduling brings the calendar and the booking schemas (zod, phone numbers), the review its
 * form: most visits open neither, so their code loads when one is first opened, not before the
 * list can show (40 KB of gzip less before a phone shows the dashboard, of 103 KB beyond the entry).
 */
const RescheduleDialog = lazy(() =>
  import('./reschedule-dialog').then((module) => ({ default: module.RescheduleDialog })),
)
const ReviewDialog = lazy(() =>
  import('./review-dialog').then((module) => ({ default: module.ReviewDialog })),
)

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
        <Suspense
          fallback={<DialogLoading title="Reschedule appointment" onClose={() => setRescheduling(null)} />}
        >
          <RescheduleDialog booking={rescheduling} now={now} onClose={() => setRescheduling(null)} />
        </Suspense>
      ) : null}
      {reviewing ? (
        <Suspense fallback={<DialogLoading title="Review" onClose={() => setReviewing(null)} />}>
          <ReviewDialog
            booking={reviewing}
            review={reviews.get(reviewing._id)}
            onClose={() => setReviewing(null)}
          />
        </Suspense>
      ) : null}
    </>
  )
}

/** The dialog opens at once, with a spinner until its code has arrived. */
function DialogLoading({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <ModalDialog title={title} onClose={onClose}>
      <Loading label="Loading…" />
    </ModalDialog>
  )
}
