import { Link, useNavigate } from 'react-router'
import { DashboardHeading } from '../../components/dashboard-heading'
import { LoadFailed } from '../../components/load-states'
import { PageLoader } from '../../components/page-loader'
import { usePageTitle } from '../../lib/use-page-title'
import { useSpecialties } from './api/get-specialties'
import { DoctorForm } from './doctor-form'

/** Spec section 2, `/dashboard/addadoctor` (admins only). */
export function AddDoctorPage() {
  usePageTitle('Add A Doctor')
  const navigate = useNavigate()
  const specialties = useSpecialties()
  const names = specialties.data?.specialty.map((specialty) => specialty.name)

  return (
    <>
      <div className="mb-4">
        <DashboardHeading>Add A Doctor</DashboardHeading>
      </div>
      {names ? (
        names.length > 0 ? (
          <DoctorForm specialties={names} onSaved={() => navigate('/dashboard/managedoctors')} />
        ) : (
          <p className="rounded-box border border-base-300 p-6 text-base-content/80">
            A doctor's specialty is one of the clinic's treatments, and there is none yet.{' '}
            <Link to="/dashboard/treatments" className="link link-primary">
              Add a treatment
            </Link>{' '}
            first.
          </p>
        )
      ) : specialties.isError ? (
        <LoadFailed what="The specialties" error={specialties.error} onRetry={() => specialties.refetch()} />
      ) : (
        <PageLoader />
      )}
    </>
  )
}
