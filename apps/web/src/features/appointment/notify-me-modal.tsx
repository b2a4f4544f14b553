import { zodResolver } from '@hookform/resolvers/zod'
import type { AppOption } from '@shared/clinic'
import { formatMediumDate } from '@shared/clinic-time'
import { JoinWaitlistBody } from '@shared/waitlist'
import { useRef } from 'react'
import { useForm } from 'react-hook-form'
import { ModalDialog } from '../../components/modal-dialog'
import { TextField } from '../../components/text-field'
import { useAuth } from '../../lib/auth/auth-context'
import { fieldBinder } from '../../lib/form-field'
import { useJoinWaitlist } from './api/waitlist-actions'
import { PatientFormEnd, PhoneNumberField } from './patient-form-parts'
import type { ReturnedBooking } from './returned-booking'

const NotifyFields = JoinWaitlistBody.pick({ phone: true })

type NotifyMeModalProps = { option: AppOption; date: string; onClose: () => void }

/**
 * Joins a full day's waitlist (decision 0036). The phone is asked now, as for a booking, so that
 * an offered slot books with one click. Signed out, the visitor is sent to sign in and comes back
 * to this dialog, as Book does.
 */
export function NotifyMeModal({ option, date, onClose }: NotifyMeModalProps) {
  const { user } = useAuth()
  const join = useJoinWaitlist(onClose)
  // One send per opening: a double click passes validation twice before the button re-renders.
  const sent = useRef(false)
  const form = useForm({ resolver: zodResolver(NotifyFields), defaultValues: { phone: '' } })
  const field = fieldBinder(form)

  const onSubmit = form.handleSubmit(({ phone }) => {
    if (!user || sent.current) return
    sent.current = true
    join.mutate({ treatmentId: option._id, date, phone })
  })

  const returned: ReturnedBooking = {
    treatmentId: option._id,
    treatmentName: option.name,
    appointmentDate: date,
    notify: true,
  }

  return (
    <ModalDialog title={`Notify me: ${option.name}`} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <p className="text-base-content/80">
          When a slot frees on {formatMediumDate(date)}, we e-mail you and hold it for you for a while.
        </p>
        <TextField compact label="Date" value={formatMediumDate(date)} disabled />
        <PhoneNumberField signedIn={!!user} binding={field('phone')} />
        <PatientFormEnd
          signedIn={!!user}
          pending={join.isPending}
          onClose={onClose}
          signInState={{ from: '/appointment', booking: returned }}
        >
          Notify me
        </PatientFormEnd>
      </form>
    </ModalDialog>
  )
}
