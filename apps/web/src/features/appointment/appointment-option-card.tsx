import type { AppOption } from '@shared/clinic'
import { useId } from 'react'

type AppointmentOptionCardProps = {
  option: AppOption
  onBook: (option: AppOption) => void
  /** Starts loading the booking form before the click, so it opens at once. */
  onIntent: () => void
  /** A full day's waitlist (decision 0036): joined already, or `onNotify` offers to join it. */
  waiting?: boolean
  onNotify?: (option: AppOption) => void
}

/**
 * Spec section 2: name, first free slot, free places, fee in TK and the button to book. A full day
 * also offers its waitlist (decision 0036).
 */
export function AppointmentOptionCard({
  option,
  onBook,
  onIntent,
  waiting = false,
  onNotify,
}: AppointmentOptionCardProps) {
  const titleId = useId()
  const count = option.slots.length
  const firstSlot = option.slots[0]
  return (
    <article
      aria-labelledby={titleId}
      className="card border border-base-300 bg-base-100 text-center shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="card-body items-center gap-2 p-6">
        <h3 id={titleId} className="card-title text-xl text-primary">
          {option.name}
        </h3>
        <p className={firstSlot ? 'font-medium' : 'font-semibold text-error'}>
          {firstSlot ?? 'Try Another Day'}
        </p>
        <p className="text-sm text-base-content/80">
          {count} {count <= 1 ? 'space' : 'spaces'} Available
        </p>
        {option.price !== null ? (
          <p className="text-sm">
            Fee: <span className="font-semibold">{option.price} TK</span>
          </p>
        ) : null}
        <div className="card-actions mt-2 flex-col items-center">
          <button
            type="button"
            className="btn btn-primary"
            disabled={count === 0}
            aria-describedby={titleId}
            onClick={() => onBook(option)}
            onPointerEnter={onIntent}
            onFocus={onIntent}
          >
            Book Appointment
          </button>
          {count > 0 || !onNotify ? null : waiting ? (
            <p className="text-sm font-medium text-success">You are on the waitlist for this day.</p>
          ) : (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              aria-describedby={titleId}
              onClick={() => onNotify(option)}
            >
              Notify me
            </button>
          )}
        </div>
      </div>
    </article>
  )
}
