import { useSearchParams } from 'react-router'
import { DashboardHeading } from '../../components/dashboard-heading'
import { userMessage } from '../../lib/http'
import { usePageTitle } from '../../lib/use-page-title'
import { type AuditFilters as Filters, useAuditLog } from './api/get-audit-log'
import { AuditEntry } from './audit-entry'
import { AuditFilters } from './audit-filters'

/**
 * Issue 13: who did what, newest first, a page at a time. The filters live in the address, so a
 * reload or the back button keeps them.
 */
export function AuditPage() {
  usePageTitle('Audit Log')
  const [params, setParams] = useSearchParams()
  const filters: Filters = {
    actor: params.get('actor') ?? undefined,
    action: params.get('action') ?? undefined,
  }
  const log = useAuditLog(filters)
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? []

  const setFilters = (next: Filters) => {
    const search = new URLSearchParams()
    if (next.actor) search.set('actor', next.actor)
    if (next.action) search.set('action', next.action)
    setParams(search, { replace: true })
  }

  return (
    <>
      <DashboardHeading>Audit Log</DashboardHeading>
      <AuditFilters filters={filters} onChange={setFilters} />
      {log.data ? (
        entries.length > 0 ? (
          <>
            <ol aria-label="Audit entries, newest first" className="flex flex-col gap-3">
              {entries.map((entry) => (
                <AuditEntry key={entry.id} entry={entry} />
              ))}
            </ol>
            {log.hasNextPage ? (
              <div className="mt-4 flex justify-center">
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={log.isFetchingNextPage}
                  onClick={() => log.fetchNextPage()}
                >
                  {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </button>
              </div>
            ) : null}
          </>
        ) : (
          <p className="rounded-box border border-base-300 p-6 text-center text-base-content/80">
            No entries match these filters.
          </p>
        )
      ) : log.isError ? (
        <div role="alert" className="alert alert-error alert-soft flex-wrap">
          <p>The audit log could not be loaded. {userMessage(log.error)}</p>
          <button type="button" className="btn btn-sm btn-error" onClick={() => log.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div className="flex justify-center py-16" role="status">
          <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
          <span className="sr-only">Loading the audit log…</span>
        </div>
      )}
    </>
  )
}
