import type { Doctor } from '@shared/doctors'
import { ModalDialog } from '../../components/modal-dialog'
import { useDeleteDoctor } from './api/delete-doctor'
import { DoctorPhoto } from './doctor-photo'

type DeleteDoctorDialogProps = { doctor: Doctor; onClose: () => void }

/** Spec section 4: the doctor's photo, name and specialty, then 'Confirm Delete' or 'Cancel'. */
export function DeleteDoctorDialog({ doctor, onClose }: DeleteDoctorDialogProps) {
  const remove = useDeleteDoctor(onClose)

  return (
    <ModalDialog title="Delete this doctor?" onClose={onClose}>
      <div className="flex items-center gap-4">
        <DoctorPhoto doctor={doctor} size={80} />
        <div className="min-w-0">
          <p className="font-semibold break-words">{doctor.name}</p>
          <p className="text-base-content/80">{doctor.specialty}</p>
        </div>
      </div>
      <p className="mt-4 text-base-content/80">
        The doctor is removed from the clinic's list and the stored photo is deleted.
      </p>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-error"
          disabled={remove.isPending}
          onClick={() => remove.mutate(doctor._id)}
        >
          {remove.isPending ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : null}
          Confirm Delete
        </button>
      </div>
    </ModalDialog>
  )
}
