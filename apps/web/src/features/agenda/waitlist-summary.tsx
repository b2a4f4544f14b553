import type { AgendaWaitlist } from '@shared/agenda'

const waitingText = ({ treatmentName, waiting }: AgendaWaitlist) =>
  `${treatmentName} (${waiting} ${waiting === 1 ? 'patient' : 'patients'})`

/** Who waits for a free slot that day: a cancellation is offered to the first of them (decision 0036). */
export function WaitlistSummary({ waitlist }: { waitlist: AgendaWaitlist[] }) {
  return (
    <p className="mb-3 text-base-content/80 text-sm">
      <strong>Waitlist:</strong> {waitlist.map(waitingText).join(', ')}
    </p>
  )
}
