import { CircleCheck } from 'lucide-react'
import { ModalDialog } from '../../components/modal-dialog'

/** Spec section 9's success dialog; closing it, either way, goes on to My Appointment. */
export function PaymentSuccessDialog({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog title="Congratulations!" onClose={onClose}>
      <div className="flex flex-col items-center gap-3 text-center">
        <CircleCheck className="size-14 text-success" aria-hidden="true" />
        <p className="text-lg">Your Payment Is Completed!</p>
      </div>
      <div className="modal-action">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Go to My Appointment
        </button>
      </div>
    </ModalDialog>
  )
}
