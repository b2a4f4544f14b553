import { X } from 'lucide-react'
import { type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef } from 'react'

type ModalDialogProps = {
  title: string
  /** Called when the person closes the dialog (Escape or the close button). */
  onClose: () => void
  children: ReactNode
}

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled)'

/**
 * Tab from the last control goes back to the first, and Shift+Tab from the first to the last. The
 * inert page behind a modal `<dialog>` is skipped anyway, but the browser would otherwise let
 * focus leave the page for its own toolbar.
 */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)]
  const first = controls[0]
  const last = controls[controls.length - 1]
  const active = document.activeElement
  if (event.shiftKey ? active === first || active === event.currentTarget : active === last) {
    event.preventDefault()
    const target = event.shiftKey ? last : first
    target?.focus()
  }
}

/**
 * A modal dialog, open while it is rendered. The native `<dialog>` shown with `showModal()` makes
 * the rest of the page inert, closes on Escape and is labelled by its title; focus is kept inside
 * and goes back to what opened the dialog when it goes away.
 */
export function ModalDialog({ title, onClose, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useLayoutEffect(() => {
    const dialog = ref.current
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (dialog && !dialog.open) dialog.showModal()
    return () => {
      if (opener?.isConnected) opener.focus()
    }
  }, [])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="modal modal-bottom sm:modal-middle"
      // Escape closes the element; the owner then unmounts it.
      onClose={onClose}
      onKeyDown={keepFocusInside}
    >
      <div className="modal-box">
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          <button
            type="button"
            className="btn btn-circle btn-ghost btn-sm"
            aria-label="Close"
            onClick={onClose}
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  )
}
