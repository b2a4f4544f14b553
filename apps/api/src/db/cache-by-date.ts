import type { Channel } from './channels'
import type { DatabaseHandle } from './client'

/** Where a cache hears of changes: the database's announcements. */
export type Announcements = Pick<DatabaseHandle, 'listen' | 'listening'>

export interface CacheByDate<T> {
  /**
   * The date's value: the one kept, unless `isFresh` says it has expired, or a new one from `load`
   * (kept in turn). While announcements may go unheard (PostgreSQL's listener is reconnecting),
   * every call loads and nothing is kept.
   */
  get(date: string, load: () => Promise<T>, isFresh?: (value: T) => boolean): Promise<T>
}

/**
 * Values per clinic date, kept in memory between requests and exact because the database
 * announces every change (decision 0016): a date named on one of `channels` (dates comma
 * separated, '' for every date) is forgotten, whoever wrote, on whichever server. At most
 * `maxDates` are kept; past that, all are forgotten at once (the dates asked for are few).
 */
export async function cacheByDate<T>(
  announcements: Announcements,
  channels: readonly Channel[],
  maxDates: number,
): Promise<CacheByDate<T>> {
  // Promises, so that a burst of requests for one date shares one query. A change drops them,
  // including a query still running, whose answer may predate the change.
  const dates = new Map<string, Promise<T>>()
  const forget = (payload: string) => {
    if (payload === '') dates.clear()
    else for (const date of payload.split(',')) dates.delete(date)
  }
  for (const channel of channels) await announcements.listen(channel, forget)

  function remember(date: string, value: Promise<T>) {
    dates.set(date, value)
    value.catch(() => {
      if (dates.get(date) === value) dates.delete(date)
    })
    return value
  }

  return {
    async get(date, load, isFresh = () => true) {
      if (!announcements.listening) return load()
      const known = dates.get(date)
      if (known) {
        const value = await known
        if (isFresh(value)) return value
        if (dates.get(date) === known) dates.delete(date)
      }
      const pending = dates.get(date)
      if (pending) return pending
      if (dates.size >= maxDates) dates.clear()
      return remember(date, load())
    },
  }
}
