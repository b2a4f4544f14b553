import type { AuditLogEntry } from '@shared/audit-log'
import { formatClinicDateTime } from '@shared/clinic-time'
import { auditSentence } from './audit-sentence'

/**
 * One entry as a sentence, at its time in clinic time; the raw entry (event key, ids, e-mails,
 * address, detail as recorded) one click away for whoever needs to check it.
 */
export function AuditEntry({ entry, timeZone }: { entry: AuditLogEntry; timeZone: string }) {
  const raw = {
    id: entry.id,
    event: entry.event,
    actor: entry.actor?.email ?? null,
    subject: entry.subject,
    address: entry.address,
    detail: entry.detail,
  }
  return (
    <li className="rounded-box border border-base-300 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="min-w-0 break-words">{auditSentence(entry)}</p>
        <time dateTime={entry.at} className="text-base-content/80 text-sm">
          {formatClinicDateTime(new Date(entry.at), timeZone)}
        </time>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-base-content/80">Show raw entry</summary>
        <pre className="mt-2 overflow-x-auto whitespace-pre-wrap break-all rounded-box bg-base-200 p-3">
          {JSON.stringify(raw, null, 2)}
        </pre>
      </details>
    </li>
  )
}
