import type { AdminSlot, AdminTreatment, UpdateTreatmentBody } from '@shared/schedule'
import { SCHEDULE_MESSAGES as M } from '@shared/schedule'
import { useState } from 'react'
import { ModalDialog } from '../../components/modal-dialog'
import { scheduleCalls as call } from './api/schedule-calls'
import { useScheduleChange } from './api/use-schedule-change'
import { RetiredTreatments } from './retired-treatments'
import { ScheduleSection } from './schedule-section'
import { TreatmentCard } from './treatment-card'
import { TreatmentForm } from './treatment-form'
import type { useAffectingChange } from './use-affecting-change'

type TreatmentsSectionProps = {
  treatments: AdminTreatment[]
  affecting: ReturnType<typeof useAffectingChange>
}

const saved = (promise: Promise<unknown>) =>
  promise.then(
    () => true,
    () => false,
  )

/** Adding, editing and retiring treatments, and their slots. */
export function TreatmentsSection({ treatments, affecting }: TreatmentsSectionProps) {
  const [editing, setEditing] = useState<AdminTreatment | null>(null)
  const create = useScheduleChange(call.createTreatment, M.treatmentAdded)
  const update = useScheduleChange(
    ({ id, ...body }: { id: string } & UpdateTreatmentBody) => call.updateTreatment(id, body),
    M.treatmentSaved,
    () => setEditing(null),
  )
  const addSlot = useScheduleChange(
    ({ id, start, minutes }: { id: string; start: string; minutes: number }) =>
      call.addSlot(id, { start, minutes }),
    M.slotAdded,
  )
  const offered = treatments.filter((t) => !t.retiredAt)

  const retire = (t: AdminTreatment) =>
    affecting.ask({
      title: `Retire ${t.name}?`,
      description: 'From now on it is not offered for booking. Appointments already booked are not moved.',
      confirm: 'Retire treatment',
      impact: () => call.retireImpact(t._id),
      apply: (choice) => call.retireTreatment(t._id, choice),
      success: M.treatmentRetired,
    })
  const removeSlot = (t: AdminTreatment, slot: AdminSlot) =>
    affecting.ask({
      title: `Remove ${slot.label}?`,
      description: `${t.name} is no longer offered at ${slot.label}. Appointments already booked in it are not moved.`,
      impact: () => call.slotImpact(slot._id),
      apply: (choice) => call.removeSlot(slot._id, choice),
      success: M.slotRemoved,
    })

  return (
    <ScheduleSection title="Treatments and time slots">
      <h3 className="mb-2 font-semibold">Add a treatment</h3>
      <TreatmentForm submitLabel="Add treatment" onSave={(body) => saved(create.mutateAsync(body))} />
      <div className="mt-6 flex flex-col gap-4">
        {offered.map((t) => (
          <TreatmentCard
            key={t._id}
            treatment={t}
            busy={affecting.busy}
            onEdit={() => setEditing(t)}
            onRetire={() => retire(t)}
            onRemoveSlot={(slot) => removeSlot(t, slot)}
            onAddSlot={(slot) => saved(addSlot.mutateAsync({ id: t._id, ...slot }))}
          />
        ))}
      </div>
      <RetiredTreatments treatments={treatments.filter((t) => t.retiredAt)} />
      {editing ? (
        <ModalDialog title={`Edit ${editing.name}`} onClose={() => setEditing(null)}>
          <p className="mb-4 text-base-content/80">
            A new name or price applies to new bookings; appointments already booked keep theirs.
          </p>
          <TreatmentForm
            initial={editing}
            stacked
            submitLabel="Save"
            onSave={(body) => saved(update.mutateAsync({ id: editing._id, ...body }))}
          >
            <button type="button" className="btn btn-ghost max-sm:flex-1" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </TreatmentForm>
        </ModalDialog>
      ) : null}
    </ScheduleSection>
  )
}
