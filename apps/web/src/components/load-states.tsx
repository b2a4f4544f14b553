import { userMessage } from '../lib/http'

/** A list or page still on its way: a spinner, named for screen readers. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16" role="status">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  )
}

interface LoadFailedProps {
  /** What could not be loaded, as the start of a sentence ('The doctors'). */
  what: string
  error: unknown
  onRetry: () => void
}

/** A load that failed: why, and a way to try again on the spot. */
export function LoadFailed({ what, error, onRetry }: LoadFailedProps) {
  return (
    <div role="alert" className="alert alert-error alert-soft flex-wrap">
      <p>
        {what} could not be loaded. {userMessage(error)}
      </p>
      <button type="button" className="btn btn-sm btn-error" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}
