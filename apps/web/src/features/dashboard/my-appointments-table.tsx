import type { Booking } from '@shared/bookings'
import { formatMediumDate } from '@shared/clinic-time'
import type { MyReview } from '@shared/reviews'
import { Link } from 'react-router'
import { CARD_CELL, CARD_ROW, CardTable } from '../../components/card-table'

type MyAppointmentsTableProps = {
  bookings: Booking[]
  /** The instant "upcoming" is judged at (ms since the epoch). */
  now: number
  onCancel: (booking: Booking) => void
  onReschedule: (booking: Booking) => void
  /** The appointments the patient attended, and their reviews by booking id. */
  attended: ReadonlySet<string>
  reviews: ReadonlyMap<string, MyReview>
  onReview: (booking: Booking) => void
}

const isUpcoming = (booking: Booking, now: number) =>
  booking.status === 'booked' && Date.parse(booking.startsAt) > now

/**
 * Spec sections 2 and 4: patient, treatment, date, time and the price/payment column, in the
 * server's order (upcoming first). Upcoming bookings can be moved to another slot (decision 0035) or
 * cancelled online, paid ones with a refund (decision 0018); upcoming unpaid ones can be paid.
 */
export function MyAppointmentsTable({
  bookings,
  now,
  onCancel,
  onReschedule,
  attended,
  reviews,
  onReview,
}: MyAppointmentsTableProps) {
  return (
    <CardTable
      label="My appointments"
      columns={['#', 'Name', 'Treatment', 'Date', 'Time', 'Payment', 'Status']}
    >
      {bookings.map((booking, index) => {
        const upcoming = isUpcoming(booking, now)
        return (
          <tr
            key={booking._id}
            className={`${CARD_ROW} ${booking.status === 'cancelled' ? 'text-base-content/70' : ''}`}
          >
            <th scope="row" className="max-sm:hidden">
              {index + 1}
            </th>
            <td data-label="Name" className={CARD_CELL}>
              {booking.patientName}
            </td>
            <td data-label="Treatment" className={`font-medium ${CARD_CELL}`}>
              {booking.treatmentName}
            </td>
            <td data-label="Date" className={`whitespace-nowrap ${CARD_CELL}`}>
              {formatMediumDate(booking.appointmentDate)}
            </td>
            <td data-label="Time" className={`whitespace-nowrap ${CARD_CELL}`}>
              {booking.slot}
            </td>
            <td data-label="Payment" className={CARD_CELL}>
              <PaymentCell booking={booking} upcoming={upcoming} />
            </td>
            <td data-label="Status" className={CARD_CELL}>
              <StatusCell
                booking={booking}
                upcoming={upcoming}
                onCancel={onCancel}
                onReschedule={onReschedule}
              />
              {attended.has(booking._id) ? (
                <ReviewAction
                  booking={booking}
                  review={reviews.get(booking._id)}
                  now={now}
                  onReview={onReview}
                />
              ) : null}
            </td>
          </tr>
        )
      })}
    </CardTable>
  )
}

/**
 * Spec section 4: priced and unpaid → Pay; paid → Paid; no price → nothing. Pay only while the
 * booking is ahead: the server takes no payment for a cancelled or started one. A refunded one
 * owes nothing, so it shows no fee.
 */
function PaymentCell({ booking, upcoming }: { booking: Booking; upcoming: boolean }) {
  if (booking.price === null) return null
  if (booking.paid) return <span className="badge badge-success">Paid</span>
  if (booking.refunded) return <span className="badge badge-info badge-soft">Refunded</span>
  if (!upcoming) return <span>{booking.price} TK</span>
  return (
    <span className="flex items-center gap-3 whitespace-nowrap">
      <span>{booking.price} TK</span>
      <Link to={`/dashboard/payment/${booking._id}`} className="btn btn-primary btn-sm">
        Pay
      </Link>
    </span>
  )
}

type StatusCellProps = {
  booking: Booking
  upcoming: boolean
  onCancel: (booking: Booking) => void
  onReschedule: (booking: Booking) => void
}

function StatusCell({ booking, upcoming, onCancel, onReschedule }: StatusCellProps) {
  if (booking.status === 'cancelled') return <span className="badge badge-ghost">Cancelled</span>
  if (!upcoming) return <span>Past</span>
  const what = `${booking.treatmentName} on ${formatMediumDate(booking.appointmentDate)}`
  return (
    <span className="flex flex-wrap items-center gap-3 whitespace-nowrap">
      <span>Upcoming</span>
      <button
        type="button"
        className="btn btn-outline btn-primary btn-sm"
        aria-label={`Reschedule ${what}`}
        onClick={() => onReschedule(booking)}
      >
        Reschedule
      </button>
      <button
        type="button"
        className="btn btn-outline btn-error btn-sm"
        aria-label={`Cancel ${what}`}
        onClick={() => onCancel(booking)}
      >
        Cancel
      </button>
    </span>
  )
}

const REVIEW_STATUS_LABEL = {
  pending: 'Review awaiting approval',
  approved: 'Review published',
  hidden: 'Review hidden',
}

type ReviewActionProps = {
  booking: Booking
  review: MyReview | undefined
  now: number
  onReview: (booking: Booking) => void
}

/** An attended appointment can be reviewed once, and the review changed for a week (decision 0032). */
function ReviewAction({ booking, review, now, onReview }: ReviewActionProps) {
  const editable = !review || Date.parse(review.editableUntil) > now
  const what = `${booking.treatmentName} on ${formatMediumDate(booking.appointmentDate)}`
  return (
    <span className="mt-2 flex flex-wrap items-center gap-2">
      {review ? (
        <span className="badge badge-soft badge-info">{REVIEW_STATUS_LABEL[review.status]}</span>
      ) : null}
      {editable ? (
        <button
          type="button"
          className="btn btn-outline btn-primary btn-sm"
          aria-label={`${review ? 'Edit review' : 'Leave a review'} of ${what}`}
          onClick={() => onReview(booking)}
        >
          {review ? 'Edit review' : 'Leave a review'}
        </button>
      ) : null}
    </span>
  )
}
