import type { Doctor } from '@shared/doctors'
import { DoctorPhoto } from './doctor-photo'

/*
 * Below the `sm` breakpoint each row is a card: its cells stack, each led by its column's name
 * (`data-label`), so a phone shows every field and the Delete button without scrolling sideways.
 */
const CELL =
  'max-sm:flex max-sm:min-h-10 max-sm:items-center max-sm:justify-between max-sm:gap-4 max-sm:px-0 max-sm:py-1 max-sm:before:font-semibold max-sm:before:content-[attr(data-label)]'

type DoctorsTableProps = { doctors: Doctor[]; onDelete: (doctor: Doctor) => void }

/** Spec sections 2 and 4: photo, name, specialty and the status, which is always 'active'. */
export function DoctorsTable({ doctors, onDelete }: DoctorsTableProps) {
  return (
    <section
      aria-label="Doctors"
      className="sm:overflow-x-auto sm:rounded-box sm:border sm:border-base-300"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard user scrolls the table sideways on a tablet
      tabIndex={0}
    >
      <table className="table max-sm:block">
        <thead className="bg-base-200 text-base-content max-sm:sr-only">
          <tr>
            <th scope="col">#</th>
            <th scope="col">Photo</th>
            <th scope="col">Name</th>
            <th scope="col">Specialty</th>
            <th scope="col">Status</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3">
          {doctors.map((doctor, index) => (
            <tr
              key={doctor._id}
              className="max-sm:block max-sm:rounded-box max-sm:border max-sm:border-base-300 max-sm:px-4 max-sm:py-2"
            >
              <th scope="row" className="max-sm:hidden">
                {index + 1}
              </th>
              <td data-label="Photo" className={CELL}>
                <DoctorPhoto doctor={doctor} size={48} />
              </td>
              <td data-label="Name" className={`font-medium break-words ${CELL}`}>
                {doctor.name}
              </td>
              <td data-label="Specialty" className={CELL}>
                {doctor.specialty}
              </td>
              <td data-label="Status" className={CELL}>
                <span className="badge badge-success badge-soft">active</span>
              </td>
              <td data-label="Action" className={CELL}>
                <button
                  type="button"
                  className="btn btn-outline btn-error btn-sm"
                  aria-label={`Delete ${doctor.name}`}
                  onClick={() => onDelete(doctor)}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
