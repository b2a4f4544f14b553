import type { Doctor } from '@shared/doctors'
import { useState } from 'react'
import { Link } from 'react-router'
import { DashboardHeading } from '../../components/dashboard-heading'
import { LoadFailed, Loading } from '../../components/load-states'
import { usePageTitle } from '../../lib/use-page-title'
import { useDoctors } from './api/get-doctors'
import { DeleteDoctorDialog } from './delete-doctor-dialog'
import { DoctorsTable } from './doctors-table'
import { EditDoctorDialog } from './edit-doctor-dialog'

/** Spec section 2, `/dashboard/managedoctors` (admins only): the doctors, each with Edit and Delete. */
export function ManageDoctorsPage() {
  usePageTitle('Manage Doctors')
  const doctors = useDoctors()
  const [editing, setEditing] = useState<Doctor | null>(null)
  const [deleting, setDeleting] = useState<Doctor | null>(null)

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <DashboardHeading>Manage Doctors</DashboardHeading>
        <Link to="/dashboard/addadoctor" className="btn btn-primary btn-sm">
          Add A Doctor
        </Link>
      </div>
      {doctors.data ? (
        doctors.data.doctors.length > 0 ? (
          <DoctorsTable doctors={doctors.data.doctors} onEdit={setEditing} onDelete={setDeleting} />
        ) : (
          <p className="rounded-box border border-base-300 p-6 text-center text-base-content/80">
            No doctors yet.{' '}
            <Link to="/dashboard/addadoctor" className="link link-primary">
              Add A Doctor
            </Link>
          </p>
        )
      ) : doctors.isError ? (
        <LoadFailed what="The doctors" error={doctors.error} onRetry={() => doctors.refetch()} />
      ) : (
        <Loading label="Loading the doctors…" />
      )}
      {editing ? <EditDoctorDialog doctor={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteDoctorDialog doctor={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  )
}
