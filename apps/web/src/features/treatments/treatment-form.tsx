import { zodResolver } from '@hookform/resolvers/zod'
import { type CreateTreatmentBody, PriceTk, TreatmentName } from '@shared/schedule'
import type { ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { TextField } from '../../components/text-field'
import { fieldBinder } from '../../lib/form-field'

/** The price as typed: empty for a treatment without a fee. */
const TreatmentFields = z.object({
  name: TreatmentName,
  price: z
    .string()
    .trim()
    .transform((typed) => (typed === '' ? null : Number(typed)))
    .pipe(PriceTk),
})

type TreatmentFormProps = {
  initial?: { name: string; price: number | null }
  submitLabel: string
  /** Resolves true when saved: the form is then emptied (adding) or closed by its owner (editing). */
  onSave: (treatment: CreateTreatmentBody) => Promise<boolean>
  /** Label over field, buttons last, at every width (in a dialog); else one row from `sm` up. */
  stacked?: boolean
  children?: ReactNode
}

/** Name and fee (TK) of a treatment, for adding one and for editing one. */
export function TreatmentForm({ initial, submitLabel, onSave, stacked, children }: TreatmentFormProps) {
  const row = !stacked
  const defaults = { name: initial?.name ?? '', price: initial?.price?.toString() ?? '' }
  const form = useForm({ resolver: zodResolver(TreatmentFields), defaultValues: defaults })
  const field = fieldBinder(form)
  const {
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = form

  const onSubmit = handleSubmit(async (treatment) => {
    if ((await onSave(treatment)) && !initial) reset(defaults)
  })

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={`flex flex-col gap-3 ${row ? 'sm:flex-row sm:items-start' : ''}`}
    >
      <TextField
        label="Treatment name"
        className={row ? 'sm:flex-1' : undefined}
        autoComplete="off"
        {...field('name')}
      />
      <TextField
        label="Price (TK)"
        className={row ? 'sm:w-36' : undefined}
        inputMode="numeric"
        hint="Empty: no fee"
        {...field('price')}
      />
      <div className={`flex gap-2 ${row ? 'sm:mt-7' : 'mt-2 justify-end'}`}>
        {children}
        <button type="submit" className="btn btn-primary max-sm:flex-1" disabled={isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {submitLabel}
        </button>
      </div>
    </form>
  )
}
