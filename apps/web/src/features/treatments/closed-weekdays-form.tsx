import { SCHEDULE_MESSAGES as M, WEEKDAY_NAMES } from '@shared/schedule'
import { useState } from 'react'
import { scheduleCalls as call } from './api/schedule-calls'
import type { useAffectingChange } from './use-affecting-change'

type ClosedWeekdaysFormProps = {
  closed: number[]
  affecting: ReturnType<typeof useAffectingChange>
}

const sameDays = (a: number[], b: number[]) => a.length === b.length && a.every((d) => b.includes(d))

/** The weekdays the clinic is closed every week, Sunday to Saturday, saved as one list. */
export function ClosedWeekdaysForm({ closed, affecting }: ClosedWeekdaysFormProps) {
  const [chosen, setChosen] = useState<number[]>(closed)
  const [saved, setSaved] = useState(closed)
  // The saved list changed on the server (this form's save, or another admin's): start from it.
  if (!sameDays(saved, closed)) {
    setSaved(closed)
    setChosen(closed)
  }
  const toggle = (day: number) =>
    setChosen((days) => (days.includes(day) ? days.filter((d) => d !== day) : [...days, day]))
  const names = (days: number[]) =>
    [...days]
      .sort()
      .map((d) => WEEKDAY_NAMES[d])
      .join(', ')

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        affecting.ask({
          title: 'Save the closed days?',
          description: chosen.length
            ? `The clinic will be closed every ${names(chosen)}: no slot is offered on those days.`
            : 'The clinic will be open every day of the week.',
          impact: () => call.weekdaysImpact(chosen),
          apply: (choice) => call.saveWeekdays(chosen, choice),
          success: M.weekdaysSaved,
        })
      }}
    >
      <fieldset>
        <legend className="mb-2 font-semibold">Closed every week</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
          {WEEKDAY_NAMES.map((name, day) => (
            <label key={name} className="flex min-h-10 cursor-pointer items-center gap-2">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={chosen.includes(day)}
                onChange={() => toggle(day)}
              />
              {name}
            </label>
          ))}
        </div>
      </fieldset>
      <button
        type="submit"
        className="btn btn-primary mt-4 max-sm:w-full"
        disabled={affecting.busy || sameDays(chosen, closed)}
      >
        Save closed days
      </button>
    </form>
  )
}
