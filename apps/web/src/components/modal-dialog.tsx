import { X } from 'lucide-react'
import { type ReactNode, useId, useLayoutEffect, useRef } from 'react'

type ModalDialogProps = {
  title: string
  /** Called when the person closes the dialog (Escape or the close button). */
  onClose: () => void
  children: ReactNode
}

/**
 * A modal dialog, open while it is rendered. The native `<dialog>` shown with `showModal()` makes
 * the rest of the page inert (focus stays inside), closes on Escape and is labelled by its title;
 * focus goes back to what opened it when it goes away.
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
