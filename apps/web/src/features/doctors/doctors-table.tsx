import type { Doctor } from '@shared/doctors'
import { CARD_CELL, CARD_ROW, CardTable } from '../../components/card-table'
import { DoctorPhoto } from './doctor-photo'

type DoctorsTableProps = {
  doctors: Doctor[]
  onEdit: (doctor: Doctor) => void
  onDelete: (doctor: Doctor) => void
}

/** Spec sections 2 and 4: photo, name, specialty and the status, which is always 'active'; Edit (decision 0030) and Delete. */
export function DoctorsTable({ doctors, onEdit, onDelete }: DoctorsTableProps) {
  return (
    <CardTable label="Doctors" columns={['#', 'Photo', 'Name', 'Specialty', 'Status', 'Action']}>
      {doctors.map((doctor, index) => (
        <tr key={doctor._id} className={CARD_ROW}>
          <th scope="row" className="max-sm:hidden">
            {index + 1}
          </th>
          <td data-label="Photo" className={CARD_CELL}>
            <DoctorPhoto doctor={doctor} size={48} />
          </td>
          <td data-label="Name" className={`font-medium break-words ${CARD_CELL}`}>
            {doctor.name}
          </td>
          <td data-label="Specialty" className={CARD_CELL}>
            {doctor.specialty}
          </td>
          <td data-label="Status" className={CARD_CELL}>
            <span className="badge badge-success badge-soft">active</span>
          </td>
          <td data-label="Action" className={CARD_CELL}>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-outline btn-primary btn-sm"
                aria-label={`Edit ${doctor.name}`}
                onClick={() => onEdit(doctor)}
              >
                Edit
              </button>
              <button
                type="button"
                className="btn btn-outline btn-error btn-sm"
                aria-label={`Delete ${doctor.name}`}
                onClick={() => onDelete(doctor)}
              >
                Delete
              </button>
            </div>
          </td>
        </tr>
      ))}
    </CardTable>
  )
}
