import type { SessionInfo } from '@shared/me'
import { Monitor } from 'lucide-react'
import { userMessage } from '../../lib/http'
import { AccountSection } from './account-section'
import { useEndSessions } from './api/end-sessions'
import { useSessions } from './api/get-sessions'

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

function SessionRow({ session, onEnd, busy }: { session: SessionInfo; onEnd: () => void; busy: boolean }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 items-start gap-3">
        <Monitor className="mt-0.5 size-5 shrink-0 text-base-content/70" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold">
            {session.device}
            {session.current ? <span className="badge badge-primary badge-sm ml-2">This device</span> : null}
          </p>
          <p className="text-sm break-all text-base-content/75">{session.address ?? 'Unknown address'}</p>
          <p className="text-sm text-base-content/75">
            Last seen {when.format(new Date(session.lastSeenAt))}
          </p>
        </div>
      </div>
      {session.current ? null : (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          aria-label={`Sign out ${session.device}, last seen ${when.format(new Date(session.lastSeenAt))}`}
          disabled={busy}
          onClick={onEnd}
        >
          Sign out
        </button>
      )}
    </li>
  )
}

/** Where the account is signed in; any other browser can be signed out from here. */
export function SessionsSection() {
  const sessions = useSessions()
  const end = useEndSessions()
  const list = sessions.data?.sessions ?? []
  const others = list.filter((session) => !session.current).length

  return (
    <AccountSection title="Where you're signed in">
      {sessions.isError ? (
        <p role="alert" className="alert alert-error alert-soft">
          {userMessage(sessions.error)}
        </p>
      ) : sessions.isPending ? (
        <p role="status" className="flex items-center gap-2">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          Loading your sessions…
        </p>
      ) : (
        <>
          <ul aria-label="Sessions" className="divide-y divide-base-300">
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                busy={end.isPending}
                onEnd={() => end.mutate(session.id)}
              />
            ))}
          </ul>
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm mt-4"
            disabled={end.isPending || others === 0}
            onClick={() => end.mutate(undefined)}
          >
            Sign out everywhere else
          </button>
        </>
      )}
    </AccountSection>
  )
}
