import type { AddSlotBody, AdminSlot, AdminTreatment } from '@shared/schedule'
import { X } from 'lucide-react'
import { useId } from 'react'
import { feeText } from '../../lib/fee-text'
import { AddSlotForm } from './add-slot-form'

type TreatmentCardProps = {
  treatment: AdminTreatment
  busy: boolean
  onEdit: () => void
  onRetire: () => void
  onRemoveSlot: (slot: AdminSlot) => void
  onAddSlot: (slot: AddSlotBody) => Promise<boolean>
}

/** One offered treatment: its fee, its slots (each removable) and the form for a new slot. */
export function TreatmentCard({
  treatment,
  busy,
  onEdit,
  onRetire,
  onRemoveSlot,
  onAddSlot,
}: TreatmentCardProps) {
  const headingId = useId()
  return (
    <article aria-labelledby={headingId} className="rounded-box border border-base-300 p-4">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id={headingId} className="break-words font-bold text-lg">
            {treatment.name}
          </h3>
          <p className="flex flex-wrap items-center gap-x-2 text-base-content/80">
            <span>{feeText(treatment.price)}</span>
            <span className="badge badge-ghost badge-sm">{treatment.category}</span>
          </p>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-label={`Edit ${treatment.name}`}
            onClick={onEdit}
          >
            Edit
          </button>
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            aria-label={`Retire ${treatment.name}`}
            disabled={busy}
            onClick={onRetire}
          >
            Retire
          </button>
        </div>
      </div>
      <h4 className="mt-4 mb-2 font-semibold text-sm">Time slots ({treatment.slots.length}, clinic time)</h4>
      {treatment.slots.length > 0 ? (
        <ul className="mb-4 grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-2">
          {treatment.slots.map((slot) => (
            <li
              key={slot._id}
              className="flex items-center justify-between gap-1 rounded-field border border-base-300 py-0.5 pr-0.5 pl-2.5 text-sm tabular-nums"
            >
              <span className="whitespace-nowrap">{slot.label}</span>
              <button
                type="button"
                className="btn btn-ghost btn-square btn-sm"
                aria-label={`Remove ${slot.label} from ${treatment.name}`}
                disabled={busy}
                onClick={() => onRemoveSlot(slot)}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-4 text-base-content/80 text-sm">No time slots: patients cannot book it yet.</p>
      )}
      <AddSlotForm treatmentName={treatment.name} onAdd={onAddSlot} />
    </article>
  )
}
