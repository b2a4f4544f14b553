import type { Booking } from '@shared/bookings'
import { formatMediumDate } from '@shared/clinic-time'
import { ModalDialog } from '../../components/modal-dialog'
import { useCancelBooking } from './api/cancel-booking'

type CancelBookingDialogProps = { booking: Booking; onClose: () => void }

/** Asks before cancelling: a cancelled slot may be taken by someone else at once. */
export function CancelBookingDialog({ booking, onClose }: CancelBookingDialogProps) {
  const cancel = useCancelBooking(onClose)
  return (
    <ModalDialog title="Cancel this appointment?" onClose={onClose}>
      <p>
        <strong>{booking.treatmentName}</strong> for {booking.patientName} on{' '}
        {formatMediumDate(booking.appointmentDate)}, {booking.slot}.
      </p>
      <p className="mt-2 text-base-content/80">
        The time slot is offered to other patients straight away, so you may not get it back.
      </p>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Keep Appointment
        </button>
        <button
          type="button"
          className="btn btn-error"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate(booking._id)}
        >
          {cancel.isPending ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : null}
          Cancel Appointment
        </button>
      </div>
    </ModalDialog>
  )
}
