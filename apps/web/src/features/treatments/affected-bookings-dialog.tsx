import type { AffectedBookings, ImpactReply } from '@shared/schedule'
import { ModalDialog } from '../../components/modal-dialog'

type AffectedBookingsDialogProps = {
  title: string
  description: string
  /** The button that makes a change no booking is affected by; unused when some are. */
  confirm: string
  impact: ImpactReply
  /** Why the last try failed (a refund the provider refused): the admin may try again. */
  error?: string | undefined
  pending: boolean
  onChoose: (choice: AffectedBookings | undefined) => void
  onClose: () => void
}

const appointments = (n: number) => `${n} upcoming ${n === 1 ? 'appointment' : 'appointments'}`

/**
 * A change never moves or drops booked appointments silently. When some are affected the
 * admin reads how many and chooses: keep them, or cancel them with a mail to each patient (the paid
 * ones refunded in full first).
 */
export function AffectedBookingsDialog(props: AffectedBookingsDialogProps) {
  const { title, description, confirm, impact, error, pending, onChoose, onClose } = props
  const affected = impact.bookings > 0
  const spinner = pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null
  return (
    <ModalDialog title={title} onClose={onClose}>
      <p>{description}</p>
      {error ? (
        <p role="alert" className="alert alert-error alert-soft mt-3">
          {error}
        </p>
      ) : null}
      {affected ? (
        <>
          <p className="mt-3 font-semibold">
            This affects {appointments(impact.bookings)}
            {impact.paid > 0 ? ` (${impact.paid} paid)` : ''}.
          </p>
          <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-base-content/80">
            <li>Keep them: they stay booked and the patients are expected as planned.</li>
            <li>
              Cancel them: each patient gets a mail saying the clinic cancelled and why.
              {impact.paid > 0 ? ' Paid appointments are refunded in full first.' : ''}
            </li>
          </ul>
        </>
      ) : null}
      <div className="modal-action max-sm:flex-col-reverse max-sm:items-stretch sm:flex-wrap">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Back
        </button>
        {affected ? (
          <>
            <button
              type="button"
              className="btn btn-outline"
              disabled={pending}
              onClick={() => onChoose('keep')}
            >
              Keep them
            </button>
            <button
              type="button"
              className="btn btn-error"
              disabled={pending}
              onClick={() => onChoose('cancel')}
            >
              {spinner}
              Cancel them and notify patients
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn btn-error"
            disabled={pending}
            onClick={() => onChoose(undefined)}
          >
            {spinner}
            {confirm}
          </button>
        )}
      </div>
    </ModalDialog>
  )
}
