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

/*
 * Below the `sm` breakpoint each row is a card: its cells stack, each led by its column's name
 * (`data-label`), so a phone shows every field and button without scrolling sideways. One table
 * for every width keeps one set of controls in the page.
 */
const CELL =
  'max-sm:flex max-sm:min-h-10 max-sm:items-center max-sm:justify-between max-sm:gap-4 max-sm:px-0 max-sm:py-1 max-sm:before:font-semibold max-sm:before:content-[attr(data-label)]'

/**
 * Spec sections 2 and 4: patient, treatment, date, time and the price/payment column, in the
 * server's order (upcoming first). Upcoming bookings can be cancelled online, paid ones with a
 * refund (issue 12); upcoming unpaid ones can be paid.
 */
export function MyAppointmentsTable({ bookings, now, onCancel }: MyAppointmentsTableProps) {
  return (
    <section
      aria-label="My appointments"
      className="sm:overflow-x-auto sm:rounded-box sm:border sm:border-base-300"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard user scrolls the table sideways on a tablet
      tabIndex={0}
    >
      <table className="table max-sm:block">
        <thead className="bg-base-200 text-base-content max-sm:sr-only">
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
        <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3">
          {bookings.map((booking, index) => {
            const upcoming = isUpcoming(booking, now)
            return (
              <tr
                key={booking._id}
                className={`max-sm:block max-sm:rounded-box max-sm:border max-sm:border-base-300 max-sm:px-4 max-sm:py-2 ${booking.status === 'cancelled' ? 'text-base-content/70' : ''}`}
              >
                <th scope="row" className="max-sm:hidden">
                  {index + 1}
                </th>
                <td data-label="Name" className={CELL}>
                  {booking.patientName}
                </td>
                <td data-label="Treatment" className={`font-medium ${CELL}`}>
                  {booking.treatmentName}
                </td>
                <td data-label="Date" className={`whitespace-nowrap ${CELL}`}>
                  {formatMediumDate(booking.appointmentDate)}
                </td>
                <td data-label="Time" className={`whitespace-nowrap ${CELL}`}>
                  {booking.slot}
                </td>
                <td data-label="Payment" className={CELL}>
                  <PaymentCell booking={booking} upcoming={upcoming} />
                </td>
                <td data-label="Status" className={CELL}>
                  <StatusCell booking={booking} upcoming={upcoming} onCancel={onCancel} />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}

/**
 * Spec section 4: priced and unpaid → Pay; paid → Paid; no price → nothing. Pay only while the
 * booking is ahead: the server takes no payment for a cancelled or started one.
 */
function PaymentCell({ booking, upcoming }: { booking: Booking; upcoming: boolean }) {
  if (booking.price === null) return null
  if (booking.paid) return <span className="badge badge-success">Paid</span>
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

type StatusCellProps = { booking: Booking; upcoming: boolean; onCancel: (booking: Booking) => void }

function StatusCell({ booking, upcoming, onCancel }: StatusCellProps) {
  if (booking.status === 'cancelled') return <span className="badge badge-ghost">Cancelled</span>
  if (!upcoming) return <span>Past</span>
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
