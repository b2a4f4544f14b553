import { auditEventLabel } from '@shared/audit'
import type { AuditLogEntry } from '@shared/audit-log'
import { Fragment } from 'react'

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' })

/** One entry: what, when, who, about whom, from where, and the facts it records. */
export function AuditEntry({ entry }: { entry: AuditLogEntry }) {
  const detail = Object.entries(entry.detail)
  return (
    <li className="rounded-box border border-base-300 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="font-semibold">{auditEventLabel(entry.event)}</h2>
        <time dateTime={entry.at} className="text-base-content/80 text-sm">
          {when.format(new Date(entry.at))}
        </time>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium">By</dt>
        <dd className="break-words">
          {entry.actor ? `${entry.actor.name} (${entry.actor.email})` : 'system'}
        </dd>
        {entry.subject ? (
          <>
            <dt className="font-medium">About</dt>
            <dd className="break-all">{entry.subject}</dd>
          </>
        ) : null}
        {entry.address ? (
          <>
            <dt className="font-medium">From</dt>
            <dd className="break-all">{entry.address}</dd>
          </>
        ) : null}
        {detail.map(([key, value]) => (
          <Fragment key={key}>
            <dt className="font-medium">{key}</dt>
            <dd className="break-all">{value}</dd>
          </Fragment>
        ))}
      </dl>
    </li>
  )
}
