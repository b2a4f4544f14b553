/**
 * Where the login page sends the user back to (spec section 2): `state.from` as the dashboard
 * guard and the appointment page set it (a location or a path), with everything else in the
 * state handed back to that page, e.g. the appointment page's pending `booking`.
 */
export interface ReturnTarget {
  to: string
  state: unknown
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

// A path of this site only; the auth pages themselves would loop.
function sitePath(path: string): string | null {
  if (!/^\/(?![/\\])/.test(path)) return null
  return /^\/(login|register)(?=[/?#]|$)/.test(path) ? null : path
}

function pathOf(from: unknown): string | null {
  if (typeof from === 'string') return sitePath(from)
  if (!isRecord(from) || typeof from.pathname !== 'string') return null
  const search = typeof from.search === 'string' ? from.search : ''
  const hash = typeof from.hash === 'string' ? from.hash : ''
  return sitePath(`${from.pathname}${search}${hash}`)
}

export function returnTarget(locationState: unknown): ReturnTarget | null {
  if (!isRecord(locationState)) return null
  const { from, ...handedBack } = locationState
  const to = pathOf(from)
  if (!to) return null
  const fromState = isRecord(from) && isRecord(from.state) ? from.state : undefined
  const hasExtra = Object.keys(handedBack).length > 0
  return { to, state: hasExtra ? { ...fromState, ...handedBack } : fromState }
}
