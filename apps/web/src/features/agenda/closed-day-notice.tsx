import type { Closure } from '@shared/agenda'
import { WEEKDAY_NAMES } from '@shared/schedule'

type ClosedDayNoticeProps = { closure: Closure; weekday: number }

/** A day the clinic is closed says so above its bookings (kept ones may remain). */
export function ClosedDayNotice({ closure, weekday }: ClosedDayNoticeProps) {
  const why =
    closure.kind === 'holiday'
      ? `Holiday${closure.reason ? `: ${closure.reason}` : ''}.`
      : `The clinic is closed every ${WEEKDAY_NAMES[weekday]}.`
  return (
    <p role="status" className="alert alert-warning alert-soft mb-3">
      <span>
        <strong>Closed.</strong> {why} No patient can book this day.
      </span>
    </p>
  )
}
