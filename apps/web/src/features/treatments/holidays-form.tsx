import { zodResolver } from '@hookform/resolvers/zod'
import { ClinicDate } from '@shared/clinic'
import { formatMediumDate } from '@shared/clinic-time'
import { HolidayReason, SCHEDULE_MESSAGES as M } from '@shared/schedule'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { TextField } from '../../components/text-field'
import { fieldBinder } from '../../lib/form-field'
import { scheduleCalls as call } from './api/schedule-calls'
import type { useAffectingChange } from './use-affecting-change'

const HolidayFields = z.object({ date: ClinicDate, reason: HolidayReason })

/** A date the clinic is closed, with the reason patients are told if their appointment is cancelled. */
export function HolidayForm({ affecting }: { affecting: ReturnType<typeof useAffectingChange> }) {
  const form = useForm({ resolver: zodResolver(HolidayFields), defaultValues: { date: '', reason: '' } })
  const field = fieldBinder(form)
  const { handleSubmit, reset } = form

  const onSubmit = handleSubmit(({ date, reason }) =>
    affecting.ask({
      title: `Close on ${formatMediumDate(date)}?`,
      description: 'No slot is offered on this date.',
      impact: () => call.holidayImpact(date),
      apply: (choice) => call.addHoliday({ date, reason, affectedBookings: choice }),
      success: M.holidayAdded,
      done: () => reset(),
    }),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-start">
      <TextField label="Date" type="date" {...field('date')} />
      <TextField label="Reason (optional)" placeholder="e.g. Eid holiday" {...field('reason')} />
      <button type="submit" className="btn btn-primary sm:mt-7" disabled={affecting.busy}>
        Add holiday
      </button>
    </form>
  )
}
