import type { AgendaEntry, Attendance } from '@shared/agenda'
import { AttendanceButtons } from './attendance-buttons'

type AgendaTableProps = {
  entries: AgendaEntry[]
  /** The booking whose mark is on its way, if any. */
  marking: string | undefined
  onMark: (entry: AgendaEntry, attendance: Attendance | null) => void
}

/*
 * Below the `sm` breakpoint each row is a card: its cells stack, each led by its column's name
 * (`data-label`), so a phone shows every field and both buttons without scrolling sideways.
 */
const CELL =
  'max-sm:flex max-sm:min-h-10 max-sm:items-center max-sm:justify-between max-sm:gap-4 max-sm:px-0 max-sm:py-1 max-sm:before:font-semibold max-sm:before:content-[attr(data-label)]'

/** Issue 13: the day's bookings across treatments, in time order, with their attendance. */
export function AgendaTable({ entries, marking, onMark }: AgendaTableProps) {
  return (
    <section
      aria-label="Appointments"
      className="sm:overflow-x-auto sm:rounded-box sm:border sm:border-base-300"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard user scrolls the table sideways on a tablet
      tabIndex={0}
    >
      <table className="table max-sm:block">
        <thead className="bg-base-200 text-base-content max-sm:sr-only">
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Patient</th>
            <th scope="col">Phone</th>
            <th scope="col">Treatment</th>
            <th scope="col">Payment</th>
            <th scope="col">Attendance</th>
          </tr>
        </thead>
        <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3">
          {entries.map((entry) => (
            <tr
              key={entry._id}
              className="max-sm:block max-sm:rounded-box max-sm:border max-sm:border-base-300 max-sm:px-4 max-sm:py-2"
            >
              <th scope="row" data-label="Time" className={`whitespace-nowrap font-medium ${CELL}`}>
                {entry.slot}
              </th>
              <td data-label="Patient" className={CELL}>
                <span className="flex min-w-0 flex-col max-sm:items-end">
                  <span className="font-medium">{entry.patientName}</span>
                  {entry.email ? (
                    <span className="text-base-content/80 text-sm max-sm:break-all">{entry.email}</span>
                  ) : null}
                </span>
              </td>
              <td data-label="Phone" className={`whitespace-nowrap ${CELL}`}>
                {entry.phone ? (
                  <a className="link" href={`tel:${entry.phone.replaceAll(' ', '')}`}>
                    {entry.phone}
                  </a>
                ) : null}
              </td>
              <td data-label="Treatment" className={CELL}>
                {entry.treatmentName}
              </td>
              <td data-label="Payment" className={`whitespace-nowrap ${CELL}`}>
                <PaymentCell entry={entry} />
              </td>
              <td data-label="Attendance" className={CELL}>
                <AttendanceButtons
                  entry={entry}
                  busy={marking === entry._id}
                  onMark={(attendance) => onMark(entry, attendance)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function PaymentCell({ entry }: { entry: AgendaEntry }) {
  if (entry.price === null) return <span>No fee</span>
  if (entry.paid) return <span className="badge badge-success">Paid</span>
  return <span>{entry.price} TK · Unpaid</span>
}
