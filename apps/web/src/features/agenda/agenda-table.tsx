import type { AgendaEntry, AgendaReminder, Attendance } from '@shared/agenda'
import { phoneDisplay } from '@shared/phone'
import { CARD_CELL, CARD_ROW, CardTable } from '../../components/card-table'
import { AttendanceButtons } from './attendance-buttons'

type AgendaTableProps = {
  entries: AgendaEntry[]
  /** The booking whose mark is on its way, if any. */
  marking: string | undefined
  /** The instant "started" is judged at (ms since the epoch). */
  now: number
  onMark: (entry: AgendaEntry, attendance: Attendance | null) => void
}

/** The day's bookings across treatments, in time order, with their reminders and attendance. */
export function AgendaTable({ entries, marking, now, onMark }: AgendaTableProps) {
  return (
    <CardTable
      label="Appointments"
      columns={['Time', 'Patient', 'Phone', 'Treatment', 'Payment', 'Attendance']}
    >
      {entries.map((entry) => (
        <tr key={entry._id} className={CARD_ROW}>
          <th scope="row" data-label="Time" className={`whitespace-nowrap font-medium ${CARD_CELL}`}>
            <span className="flex flex-col max-sm:items-end">
              {entry.slot}
              <Reminders reminders={entry.reminders} />
            </span>
          </th>
          <td data-label="Patient" className={CARD_CELL}>
            <span className="flex min-w-0 flex-col max-sm:items-end">
              <span className="font-medium">{entry.patientName}</span>
              {entry.email ? (
                <span className="text-base-content/80 text-sm max-sm:break-all">{entry.email}</span>
              ) : null}
            </span>
          </td>
          <td data-label="Phone" className={`whitespace-nowrap ${CARD_CELL}`}>
            <PhoneCell stored={entry.phone} />
          </td>
          <td data-label="Treatment" className={CARD_CELL}>
            {entry.treatmentName}
          </td>
          <td data-label="Payment" className={`whitespace-nowrap ${CARD_CELL}`}>
            <PaymentCell entry={entry} />
          </td>
          <td data-label="Attendance" className={CARD_CELL}>
            <AttendanceButtons
              entry={entry}
              busy={marking === entry._id}
              now={now}
              onMark={(attendance) => onMark(entry, attendance)}
            />
          </td>
        </tr>
      ))}
    </CardTable>
  )
}

/** Checked numbers as written in Bangladesh, with a link; older free text as it was typed. */
function PhoneCell({ stored }: { stored: string }) {
  const { text, href } = phoneDisplay(stored)
  return href ? (
    <a className="link" href={href}>
      {text}
    </a>
  ) : (
    text
  )
}

function PaymentCell({ entry }: { entry: AgendaEntry }) {
  if (entry.price === null) return <span>No fee</span>
  if (entry.paid && entry.refunded > 0)
    return (
      // Wraps under the badge, so that the column stays narrow and Attendance stays in view.
      <span className="inline-block max-w-36 whitespace-normal">
        <span className="badge badge-success">Paid</span> · {entry.refunded} TK refunded
      </span>
    )
  if (entry.paid) return <span className="badge badge-success">Paid</span>
  return <span>{entry.price} TK · Unpaid</span>
}

const REMINDER_STATE = { waiting: 'waiting', sent: 'sent', failed: 'not delivered' }

/** Whether the patient was reminded: 'Reminder 24 h sent' (decision 0034). */
function Reminders({ reminders }: { reminders: AgendaReminder[] }) {
  return reminders.map((reminder) => (
    <span key={reminder.hoursBefore} className="font-normal text-base-content/80 text-sm">
      Reminder {reminder.hoursBefore} h {REMINDER_STATE[reminder.state]}
    </span>
  ))
}
