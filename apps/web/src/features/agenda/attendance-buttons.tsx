import { AGENDA_MESSAGES, type AgendaEntry, type Attendance } from '@shared/agenda'
import { useId } from 'react'

const CHOICES: { value: Attendance; label: string; pressedClass: string }[] = [
  { value: 'attended', label: 'Attended', pressedClass: 'btn-success' },
  { value: 'no_show', label: 'No-show', pressedClass: 'btn-warning' },
]

type AttendanceButtonsProps = {
  entry: AgendaEntry
  busy: boolean
  /** The instant "started" is judged at (ms since the epoch). */
  now: number
  onMark: (attendance: Attendance | null) => void
}

/**
 * Two toggle buttons: the marked one is pressed; pressing it again takes the mark back, pressing
 * the other changes it. Before the appointment starts the server refuses a mark, so the buttons
 * wait, and say why where a screen reader reads it with them (aria-describedby).
 */
export function AttendanceButtons({ entry, busy, now, onMark }: AttendanceButtonsProps) {
  const reasonId = useId()
  const early = Date.parse(entry.startsAt) > now
  return (
    <div className="flex flex-col gap-1 max-sm:items-end">
      <fieldset aria-label={`Attendance of ${entry.patientName}, ${entry.slot}`} className="join">
        {CHOICES.map(({ value, label, pressedClass }) => {
          const pressed = entry.attendance === value
          return (
            <button
              key={value}
              type="button"
              aria-pressed={pressed}
              aria-describedby={early ? reasonId : undefined}
              disabled={busy || early}
              className={`btn btn-sm join-item ${pressed ? pressedClass : 'btn-outline'}`}
              onClick={() => onMark(pressed ? null : value)}
            >
              {label}
            </button>
          )
        })}
      </fieldset>
      {early ? (
        <p id={reasonId} className="text-base-content/80 text-xs">
          {AGENDA_MESSAGES.tooEarly}
        </p>
      ) : null}
    </div>
  )
}
