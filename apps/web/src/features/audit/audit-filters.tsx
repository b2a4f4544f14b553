import { AUDIT_EVENTS, auditEventLabel } from '@shared/audit'
import { useId } from 'react'
import type { AuditFilters as Filters } from './api/get-audit-log'

type AuditFiltersProps = {
  filters: Filters
  onChange: (filters: Filters) => void
}

/** Who did it (an e-mail) and what (an action of the shared list); the list applies on submit. */
export function AuditFilters({ filters, onChange }: AuditFiltersProps) {
  const actorId = useId()
  const actionId = useId()
  const apply = (form: HTMLFormElement) => {
    const data = new FormData(form)
    onChange({
      actor: String(data.get('actor') ?? '').trim() || undefined,
      action: String(data.get('action') ?? '') || undefined,
    })
  }
  return (
    <form
      aria-label="Filter the audit log"
      className="my-4 flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        apply(event.currentTarget)
      }}
    >
      <div className="flex w-full flex-col gap-1 sm:w-72">
        <label htmlFor={actorId} className="font-medium">
          Actor (e-mail)
        </label>
        <input
          id={actorId}
          name="actor"
          type="search"
          inputMode="email"
          autoComplete="off"
          className="input w-full"
          defaultValue={filters.actor ?? ''}
          placeholder="admin@clinic.example"
        />
      </div>
      <div className="flex w-full flex-col gap-1 sm:w-60">
        <label htmlFor={actionId} className="font-medium">
          Action
        </label>
        <select
          id={actionId}
          name="action"
          className="select w-full"
          defaultValue={filters.action ?? ''}
          onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form)}
        >
          <option value="">All actions</option>
          {AUDIT_EVENTS.map((event) => (
            <option key={event} value={event}>
              {auditEventLabel(event)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-primary">
        Filter
      </button>
    </form>
  )
}
