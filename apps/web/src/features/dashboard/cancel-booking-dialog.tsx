import type { Booking } from '@shared/bookings'
import { formatMediumDate } from '@shared/clinic-time'
import { PAYMENT_MESSAGES } from '@shared/payment-messages'
import { ModalDialog } from '../../components/modal-dialog'
import { usePaymentConfig } from '../payment'
import { useCancelBooking } from './api/cancel-booking'

type CancelBookingDialogProps = { booking: Booking; now: number; onClose: () => void }

const HOUR_MS = 3_600_000

/**
 * Asks before cancelling: a cancelled slot may be taken by someone else at once. A paid booking is
 * refunded in full until REFUND_CUTOFF_HOURS before it; later the clinic has to be asked. The
 * server applies the same rule, and its answer is shown if the two disagree (a stale page).
 */
export function CancelBookingDialog({ booking, now, onClose }: CancelBookingDialogProps) {
  const cancel = useCancelBooking(booking, onClose)
  const config = usePaymentConfig()
  const cutoffHours = config.data?.refundCutoffHours
  const tooLate =
    booking.paid && cutoffHours !== undefined && Date.parse(booking.startsAt) - now < cutoffHours * HOUR_MS

  return (
    <ModalDialog title="Cancel this appointment?" onClose={onClose}>
      <p>
        <strong>{booking.treatmentName}</strong> for {booking.patientName} on{' '}
        {formatMediumDate(booking.appointmentDate)}, {booking.slot}.
      </p>
      {tooLate ? (
        <p className="mt-2 font-medium">{PAYMENT_MESSAGES.refundCutoffPassed}</p>
      ) : (
        <>
          {booking.paid ? (
            <p className="mt-2">You paid {booking.price} TK; it is refunded in full to your card.</p>
          ) : null}
          <p className="mt-2 text-base-content/80">
            The time slot is offered to other patients straight away, so you may not get it back.
          </p>
        </>
      )}
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Keep Appointment
        </button>
        {tooLate ? null : (
          <button
            type="button"
            className="btn btn-error"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(booking._id)}
          >
            {cancel.isPending ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : null}
            {booking.paid ? 'Cancel and Refund' : 'Cancel Appointment'}
          </button>
        )}
      </div>
    </ModalDialog>
  )
}
