import type { Booking } from '@shared/bookings'
import { formatMediumDate } from '@shared/clinic-time'
import { Link } from 'react-router'

type MyAppointmentsTableProps = {
  bookings: Booking[]
  /** The instant "upcoming" is judged at (ms since the epoch). */
  now: number
  onCancel: (booking: Booking) => void
}

const isUpcoming = (booking: Booking, now: number) =>
  booking.status === 'booked' && Date.parse(booking.startsAt) > now

/**
 * Spec sections 2 and 4: patient, treatment, date, time and the price/payment column, in the
 * server's order (upcoming first). Only upcoming unpaid bookings can be cancelled online.
 */
export function MyAppointmentsTable({ bookings, now, onCancel }: MyAppointmentsTableProps) {
  return (
    <section
      aria-label="My appointments"
      className="overflow-x-auto rounded-box border border-base-300"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard user scrolls the table sideways on a phone
      tabIndex={0}
    >
      <table className="table">
        <thead className="bg-base-200 text-base-content">
          <tr>
            <th scope="col">#</th>
            <th scope="col">Name</th>
            <th scope="col">Treatment</th>
            <th scope="col">Date</th>
            <th scope="col">Time</th>
            <th scope="col">Payment</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {bookings.map((booking, index) => (
            <tr
              key={booking._id}
              className={booking.status === 'cancelled' ? 'text-base-content/70' : undefined}
            >
              <th scope="row">{index + 1}</th>
              <td>{booking.patientName}</td>
              <td className="font-medium">{booking.treatmentName}</td>
              <td className="whitespace-nowrap">{formatMediumDate(booking.appointmentDate)}</td>
              <td className="whitespace-nowrap">{booking.slot}</td>
              <td>
                <PaymentCell booking={booking} />
              </td>
              <td>
                <StatusCell booking={booking} upcoming={isUpcoming(booking, now)} onCancel={onCancel} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

/** Spec section 4: priced and unpaid → Pay; paid → Paid; no price → nothing. */
function PaymentCell({ booking }: { booking: Booking }) {
  if (booking.price === null) return null
  if (booking.paid) return <span className="badge badge-success">Paid</span>
  if (booking.status === 'cancelled') return <span>{booking.price} TK</span>
  return (
    <span className="flex items-center gap-3 whitespace-nowrap">
      <span>{booking.price} TK</span>
      <Link to={`/dashboard/payment/${booking._id}`} className="btn btn-primary btn-sm">
        Pay
      </Link>
    </span>
  )
}

type StatusCellProps = { booking: Booking; upcoming: boolean; onCancel: (booking: Booking) => void }

function StatusCell({ booking, upcoming, onCancel }: StatusCellProps) {
  if (booking.status === 'cancelled') return <span className="badge badge-ghost">Cancelled</span>
  if (!upcoming) return <span>Past</span>
  if (booking.paid) return <span>Upcoming</span>
  return (
    <span className="flex items-center gap-3 whitespace-nowrap">
      <span>Upcoming</span>
      <button
        type="button"
        className="btn btn-outline btn-error btn-sm"
        aria-label={`Cancel ${booking.treatmentName} on ${formatMediumDate(booking.appointmentDate)}`}
        onClick={() => onCancel(booking)}
      >
        Cancel
      </button>
    </span>
  )
}
