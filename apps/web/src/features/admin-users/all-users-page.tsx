import type { UserListItem } from '@shared/users'
import { useState } from 'react'
import { DashboardHeading } from '../../components/dashboard-heading'
import { LoadFailed, Loading } from '../../components/load-states'
import { useAuth } from '../../lib/auth/auth-context'
import { userMessage } from '../../lib/http'
import { usePageTitle } from '../../lib/use-page-title'
import { useUsers } from './api/get-users'
import { DeleteUserDialog } from './delete-user-dialog'
import { useDebouncedValue } from './use-debounced-value'
import { UsersTable } from './users-table'

/** How long typing must pause before the search is sent. */
const SEARCH_DELAY_MS = 300

/** What the list shows, said once it has arrived (a new search keeps the last results until then). */
function summary(count: number, search: string): string {
  const matching = search ? ` matching “${search}”` : ''
  if (count === 0) return search ? `No user matches “${search}”.` : 'No users yet.'
  return `Showing ${count} ${count === 1 ? 'user' : 'users'}${matching}.`
}

/** Spec section 2, All Users (admins only), with search and pages of 50 (decision 0019). */
export function AllUsersPage() {
  usePageTitle('All Users')
  const { user: me } = useAuth()
  const [typed, setTyped] = useState('')
  const search = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS)
  const users = useUsers(search)
  const [deleting, setDeleting] = useState<UserListItem | null>(null)
  const listed = users.data?.pages.flatMap((page) => page.users) ?? []
  const reloading = users.isFetching && !users.isFetchingNextPage

  return (
    <>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <DashboardHeading>All Users</DashboardHeading>
        <div className="w-full sm:w-80">
          <label className="input w-full">
            <span className="sr-only">Search users</span>
            <input
              type="search"
              placeholder="Search by name or e-mail"
              value={typed}
              maxLength={100}
              onChange={(event) => setTyped(event.target.value)}
            />
          </label>
        </div>
      </div>
      {users.isError && !users.isFetchNextPageError ? (
        <LoadFailed what="The users" error={users.error} onRetry={() => users.refetch()} />
      ) : !users.data ? (
        <Loading label="Loading users…" />
      ) : (
        <>
          <p className="mb-2 flex min-h-6 items-center gap-2 text-sm text-base-content/80" aria-live="polite">
            {users.isPlaceholderData ? 'Searching…' : summary(listed.length, search)}
            {reloading ? (
              <span className="loading loading-spinner loading-xs text-primary" aria-hidden="true" />
            ) : null}
          </p>
          {listed.length > 0 ? <UsersTable users={listed} myId={me?.uid} onDelete={setDeleting} /> : null}
          {users.isFetchNextPageError ? (
            <p role="alert" className="mt-3 text-error">
              {userMessage(users.error)}
            </p>
          ) : null}
          {users.hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <button
                type="button"
                className="btn btn-outline"
                disabled={users.isFetchingNextPage}
                onClick={() => users.fetchNextPage()}
              >
                {users.isFetchingNextPage ? (
                  <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                ) : null}
                Load more
              </button>
            </div>
          ) : null}
        </>
      )}
      {deleting ? <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  )
}
