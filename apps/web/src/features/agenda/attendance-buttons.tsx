import type { AgendaEntry, Attendance } from '@shared/agenda'

const CHOICES: { value: Attendance; label: string; pressedClass: string }[] = [
  { value: 'attended', label: 'Attended', pressedClass: 'btn-success' },
  { value: 'no_show', label: 'No-show', pressedClass: 'btn-warning' },
]

type AttendanceButtonsProps = {
  entry: AgendaEntry
  busy: boolean
  onMark: (attendance: Attendance | null) => void
}

/**
 * Two toggle buttons: the marked one is pressed; pressing it again takes the mark back, pressing
 * the other changes it. The server says when it is too early to mark.
 */
export function AttendanceButtons({ entry, busy, onMark }: AttendanceButtonsProps) {
  return (
    <fieldset aria-label={`Attendance of ${entry.patientName}, ${entry.slot}`} className="join">
      {CHOICES.map(({ value, label, pressedClass }) => {
        const pressed = entry.attendance === value
        return (
          <button
            key={value}
            type="button"
            aria-pressed={pressed}
            disabled={busy}
            className={`btn btn-sm join-item ${pressed ? pressedClass : 'btn-outline'}`}
            onClick={() => onMark(pressed ? null : value)}
          >
            {label}
          </button>
        )
      })}
    </fieldset>
  )
}
