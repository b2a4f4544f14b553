import type { AppOption } from '@shared/clinic'
import { formatMediumDate } from '@shared/clinic-time'
import { Loading } from '../../components/load-states'
import { userMessage } from '../../lib/http'
import { useAppOptions } from './api/get-app-options'
import { useMyWaitlist } from './api/get-my-waitlist'
import { AppointmentOptionCard } from './appointment-option-card'

type AvailableAppointmentsProps = {
  date: string
  onBook: (option: AppOption) => void
  onNotify: (option: AppOption) => void
  onIntent: () => void
}

/** Spec section 2: the day's treatments as cards, a spinner while loading, a retry when it fails. */
export function AvailableAppointments({ date, onBook, onNotify, onIntent }: AvailableAppointmentsProps) {
  const options = useAppOptions(date)
  const waitlist = useMyWaitlist().data
  const waitingFor = new Set(
    waitlist?.entries.filter((entry) => entry.date === date).map((entry) => entry.treatmentId),
  )
  return (
    <section aria-labelledby="available-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
      <div className="text-center">
        <h2 id="available-title" className="text-2xl font-bold tracking-tight text-secondary md:text-3xl">
          Available Appointments on {formatMediumDate(date)}
        </h2>
        <p className="mt-2 text-base-content/80">Please select a treatment.</p>
      </div>
      {options.data ? (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {options.data.options.map((option) => (
            <li key={option._id} className="grid">
              <AppointmentOptionCard
                option={option}
                onBook={onBook}
                onIntent={onIntent}
                waiting={waitingFor.has(option._id)}
                onNotify={onNotify}
              />
            </li>
          ))}
        </ul>
      ) : options.isError ? (
        <div role="alert" className="alert alert-error alert-soft mx-auto mt-10 max-w-xl flex-wrap">
          <p>
            The appointments for {formatMediumDate(date)} could not be loaded. {userMessage(options.error)}
          </p>
          <button type="button" className="btn btn-sm btn-error" onClick={() => options.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <Loading label="Loading the appointments…" />
      )}
    </section>
  )
}
