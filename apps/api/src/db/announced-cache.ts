import type { Channel } from './channels'
import type { DatabaseHandle } from './client'

/** Where a cache hears of changes: the database's announcements. */
export type Announcements = Pick<DatabaseHandle, 'listen' | 'listening'>

export interface AnnouncedCache<T> {
  /**
   * The key's value: the one kept, unless `isFresh` says it has expired, or a new one from `load`
   * (kept in turn). While announcements may go unheard (PostgreSQL's listener is reconnecting),
   * every call loads and nothing is kept.
   */
  get(key: string, load: () => Promise<T>, isFresh?: (value: T) => boolean): Promise<T>
  /**
   * The key's kept value if it has arrived and `isFresh` accepts it, without waiting; otherwise
   * undefined, and `get` finds it. A request answered from it needs no promise.
   */
  arrived(key: string, isFresh?: (value: T) => boolean): T | undefined
}

/**
 * Values per key (a clinic date, a patient's id), kept in memory between requests and exact
 * because the database announces every change (decision 0016): a key named on one of `channels`
 * (keys comma separated, '' for every key) is forgotten, whoever wrote, on whichever server. At
 * most `maxKeys` are kept; past that, all are forgotten at once (the keys asked for again are few).
 */
export async function announcedCache<T>(
  announcements: Announcements,
  channels: readonly Channel[],
  maxKeys: number,
): Promise<AnnouncedCache<T>> {
  // Promises, so that a burst of requests for one key shares one query. A change drops them,
  // including a query still running, whose answer may predate the change.
  const kept = new Map<string, Promise<T>>()
  // The values of the kept promises that have resolved, for `arrived`.
  const values = new WeakMap<Promise<T>, T>()
  const forget = (payload: string) => {
    if (payload === '') kept.clear()
    else for (const key of payload.split(',')) kept.delete(key)
  }
  for (const channel of channels) await announcements.listen(channel, forget)

  function remember(key: string, value: Promise<T>) {
    kept.set(key, value)
    value.then(
      (arrived) => values.set(value, arrived),
      () => {
        if (kept.get(key) === value) kept.delete(key)
      },
    )
    return value
  }

  return {
    async get(key, load, isFresh = () => true) {
      if (!announcements.listening) return load()
      const known = kept.get(key)
      if (known) {
        const value = await known
        if (isFresh(value)) return value
        if (kept.get(key) === known) kept.delete(key)
      }
      const pending = kept.get(key)
      if (pending) return pending
      if (kept.size >= maxKeys) kept.clear()
      return remember(key, load())
    },
    arrived(key, isFresh = () => true) {
      const known = announcements.listening ? kept.get(key) : undefined
      if (!known || !values.has(known)) return undefined
      const value = values.get(known) as T
      return isFresh(value) ? value : undefined
    },
  }
}
