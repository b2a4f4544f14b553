import { CircleAlert, CircleCheck, X } from 'lucide-react'
import { type FocusEvent, useEffect, useRef, useState } from 'react'
import {
  type DefaultToastOptions,
  resolveValue,
  type Toast,
  toast,
  useToaster,
} from 'react-hot-toast/headless'

/*
 * The spec closes every toast after 1 s, errors included: too short to read (WCAG 2.2.1,
 * decision 0027). A confirmation stays 5 s, an error until it is dismissed, and none runs out
 * while the pointer or the keyboard is on the toasts.
 */
export const TOAST_OPTIONS: DefaultToastOptions = {
  duration: 5000,
  success: { duration: 5000 },
  error: { duration: Number.POSITIVE_INFINITY },
}

/**
 * The app's toasts. The list is one live region that is always on the page, so a screen reader
 * reads each toast once as it is added; a region made together with its text, as each of the
 * library's own toasts is, is read by some readers twice and by others not at all.
 */
export function Toaster() {
  const { toasts, handlers } = useToaster(TOAST_OPTIONS)
  const paused = usePause(handlers)
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex justify-center px-4"
      onMouseEnter={() => paused.set('pointer', true)}
      onMouseLeave={() => paused.set('pointer', false)}
      onFocus={() => paused.set('keyboard', true)}
      onBlur={(event: FocusEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget)) paused.set('keyboard', false)
      }}
    >
      <ol aria-live="polite" className="flex w-full max-w-md flex-col gap-2">
        {toasts
          .filter((shown) => shown.visible)
          .map((shown) => (
            <ToastCard key={shown.id} shown={shown} />
          ))}
      </ol>
    </section>
  )
}

function ToastCard({ shown }: { shown: Toast }) {
  const Icon = shown.type === 'error' ? CircleAlert : CircleCheck
  return (
    <li className="pointer-events-auto flex items-start gap-3 rounded-box border border-base-300 bg-base-100 p-3 shadow-lg">
      <Icon
        className={`mt-0.5 size-5 shrink-0 ${shown.type === 'error' ? 'text-error' : 'text-success'}`}
        aria-hidden="true"
      />
      <p className="flex-1 whitespace-pre-line text-base-content">{resolveValue(shown.message, shown)}</p>
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-square -my-1"
        aria-label="Dismiss notification"
        onClick={() => toast.dismiss(shown.id)}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </li>
  )
}

type PauseHandlers = { startPause: () => void; endPause: () => void }

/** Pauses every toast's clock while the pointer is over the toasts or the focus is in them. */
function usePause(handlers: PauseHandlers) {
  const [reasons, setReasons] = useState({ pointer: false, keyboard: false })
  const paused = reasons.pointer || reasons.keyboard
  // The library remakes its handlers on each change; a pause started twice would forget the first.
  const latest = useRef(handlers)
  latest.current = handlers
  useEffect(() => {
    if (paused) latest.current.startPause()
    else latest.current.endPause()
  }, [paused])
  return {
    set: (reason: keyof typeof reasons, on: boolean) =>
      setReasons((current) => (current[reason] === on ? current : { ...current, [reason]: on })),
  }
}
