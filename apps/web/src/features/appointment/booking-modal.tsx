import type { AppOption } from '@shared/clinic'
import { ModalDialog } from '../../components/modal-dialog'
import { useAuth } from '../../lib/auth/auth-context'
import { BookingForm } from './booking-form'

type BookingModalProps = {
  option: AppOption
  date: string
  initialSlot?: string | undefined
  onClose: () => void
}

/** Spec sections 4 to 6: the booking modal of one treatment on one day. Loaded on first use. */
export function BookingModal({ option, date, initialSlot, onClose }: BookingModalProps) {
  const { user, loading } = useAuth()
  return (
    <ModalDialog title={option.name} onClose={onClose}>
      {loading && !user ? (
        <div className="flex justify-center py-8" role="status">
          <span className="loading loading-spinner text-primary" aria-hidden="true" />
          <span className="sr-only">Checking your session…</span>
        </div>
      ) : (
        <BookingForm option={option} date={date} user={user} initialSlot={initialSlot} onClose={onClose} />
      )}
    </ModalDialog>
  )
}
