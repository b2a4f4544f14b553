import { zodResolver } from '@hookform/resolvers/zod'
import { AddSlotBody } from '@shared/schedule'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { TextField } from '../../components/text-field'
import { fieldBinder } from '../../lib/form-field'

const SlotFields = z
  .object({ start: z.string(), minutes: z.string() })
  .transform(({ start, minutes }) => ({
    start,
    minutes: minutes.trim() === '' ? Number.NaN : Number(minutes),
  }))
  .pipe(AddSlotBody)

type AddSlotFormProps = {
  treatmentName: string
  /** Resolves true when the slot was added. */
  onAdd: (slot: AddSlotBody) => Promise<boolean>
}

/** A new slot of one treatment: its start in clinic time and its length. */
export function AddSlotForm({ treatmentName, onAdd }: AddSlotFormProps) {
  const form = useForm({ resolver: zodResolver(SlotFields), defaultValues: { start: '', minutes: '30' } })
  const field = fieldBinder(form)
  const {
    handleSubmit,
    resetField,
    formState: { isSubmitting },
  } = form

  const onSubmit = handleSubmit(async (slot) => {
    if (await onAdd(slot)) resetField('start')
  })

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Add a time slot to ${treatmentName}`}
      className="grid grid-cols-2 items-start gap-3 sm:grid-cols-[11rem_11rem_auto]"
    >
      <TextField label="Start (clinic time)" type="time" {...field('start')} />
      <TextField label="Minutes" type="number" min={5} max={480} {...field('minutes')} />
      <button
        type="submit"
        className="btn btn-outline max-sm:col-span-2 sm:mt-7 sm:justify-self-start"
        disabled={isSubmitting}
      >
        Add slot
      </button>
    </form>
  )
}
