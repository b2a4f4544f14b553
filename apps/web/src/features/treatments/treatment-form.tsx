import { zodResolver } from '@hookform/resolvers/zod'
import { PriceTk, TreatmentName } from '@shared/schedule'
import {
  DEFAULT_TREATMENT_CATEGORY,
  TREATMENT_CATEGORIES,
  TreatmentCategory,
} from '@shared/treatment-categories'
import type { ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { SelectField, TextField } from '../../components/text-field'
import { fieldBinder } from '../../lib/form-field'

/** The price as typed: empty for a treatment without a fee. */
const TreatmentFields = z.object({
  name: TreatmentName,
  price: z
    .string()
    .trim()
    .transform((typed) => (typed === '' ? null : Number(typed)))
    .pipe(PriceTk),
  category: TreatmentCategory,
})
type TreatmentFields = z.infer<typeof TreatmentFields>

type TreatmentFormProps = {
  initial?: { name: string; price: number | null; category: TreatmentCategory }
  submitLabel: string
  /** Resolves true when saved: the form is then emptied (adding) or closed by its owner (editing). */
  onSave: (treatment: TreatmentFields) => Promise<boolean>
  /** Label over field, buttons last, at every width (in a dialog); else one row from `sm` up. */
  stacked?: boolean
  children?: ReactNode
}

/** Name, fee (TK) and price-list group of a treatment, for adding one and for editing one. */
export function TreatmentForm({ initial, submitLabel, onSave, stacked, children }: TreatmentFormProps) {
  const row = !stacked
  const defaults = {
    name: initial?.name ?? '',
    price: initial?.price?.toString() ?? '',
    category: initial?.category ?? DEFAULT_TREATMENT_CATEGORY,
  }
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
      <SelectField
        label="Category"
        className={row ? 'sm:w-48' : undefined}
        options={TREATMENT_CATEGORIES}
        hint="Its group in the home page's prices"
        {...field('category')}
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
