import { DEFAULT_CLINIC_TIME_ZONE } from '@shared/clinic-time'
import { useSearchParams } from 'react-router'
import { DashboardHeading } from '../../components/dashboard-heading'
import { LoadFailed, Loading } from '../../components/load-states'
import { usePageTitle } from '../../lib/use-page-title'
import { auditFiltersOf, type AuditFilters as Filters, useAuditLog } from './api/get-audit-log'
import { AuditEntry } from './audit-entry'
import { AuditFilters } from './audit-filters'

/**
 * Who did what, newest first, a page at a time. The filters live in the address, so a
 * reload or the back button keeps them.
 */
export function AuditPage() {
  usePageTitle('Audit Log')
  const [params, setParams] = useSearchParams()
  const filters = auditFiltersOf(params)
  const log = useAuditLog(filters)
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? []
  const timeZone = log.data?.pages[0]?.timeZone ?? DEFAULT_CLINIC_TIME_ZONE

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
                <AuditEntry key={entry.id} entry={entry} timeZone={timeZone} />
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
        <LoadFailed what="The audit log" error={log.error} onRetry={() => log.refetch()} />
      ) : (
        <Loading label="Loading the audit log…" />
      )}
    </>
  )
}
