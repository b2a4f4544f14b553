const LOCK_NAME = 'portal-refresh'

let tail: Promise<unknown> = Promise.resolve()

/**
 * Runs `task` while no other call that spends or replaces the session cookie is running: one at
 * a time in this tab (a promise chain) and across tabs (Web Locks). The server takes a second use
 * of a refresh token as theft and ends the session (docs/decisions/0005), so two such calls must
 * never overlap. `task` must not call `withSessionLock` itself: the lock is not re-entrant.
 */
export function withSessionLock<T>(task: () => Promise<T>): Promise<T> {
  const run = (): Promise<T> =>
    // request() resolves with what the callback resolves with; its typing nests the promise.
    'locks' in navigator ? (navigator.locks.request(LOCK_NAME, task) as Promise<T>) : task()
  const result = tail.then(run, run)
  tail = result.catch(() => undefined)
  return result
}
