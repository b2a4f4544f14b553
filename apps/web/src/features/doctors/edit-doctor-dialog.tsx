import type { Doctor } from '@shared/doctors'
import { LoadFailed, Loading } from '../../components/load-states'
import { ModalDialog } from '../../components/modal-dialog'
import { useSpecialties } from './api/get-specialties'
import { DoctorForm } from './doctor-form'

type EditDoctorDialogProps = { doctor: Doctor; onClose: () => void }

/** Manage Doctors' Edit (decision 0030): the doctor's name, e-mail, specialty and photo. */
export function EditDoctorDialog({ doctor, onClose }: EditDoctorDialogProps) {
  const specialties = useSpecialties()
  const names = specialties.data?.specialty.map((specialty) => specialty.name)

  return (
    <ModalDialog title={`Edit ${doctor.name}`} onClose={onClose}>
      {names ? (
        <DoctorForm specialties={names} doctor={doctor} onSaved={onClose} />
      ) : specialties.isError ? (
        <LoadFailed what="The specialties" error={specialties.error} onRetry={() => specialties.refetch()} />
      ) : (
        <Loading label="Loading the specialties…" />
      )}
    </ModalDialog>
  )
}
