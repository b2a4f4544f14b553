import type pg from 'pg'
import { CHANNELS, type Channel, type OnNotify } from './channels'

/** Every channel, not only those subscribed so far: a later `listen` then needs no round trip. */
const LISTEN_ALL = CHANNELS.map((channel) => `LISTEN ${channel}`).join('; ')
export const LISTENER_NAME = 'doctors-portal-listener'

/**
 * A connection cut without a word (a network partition, a failover) is noticed by no event:
 * the listener asks the server something this often, and gives up on it after the timeout.
 */
const HEARTBEAT = { everyMs: 10_000, timeoutMs: 5_000 }

/** How long to wait before reconnecting a lost listener: doubling from the first, up to the last. */
const RECONNECT_DELAYS_MS = { first: 50, max: 5_000 }

export interface PostgresListener {
  listen(channel: Channel, onNotify: OnNotify): Promise<void>
  /**
   * Makes a pool connection LISTEN too. PostgreSQL delivers a session's own announcements before
   * its COMMIT returns, so a server sees its own writes at once, as on PGlite; others' arrive
   * through the dedicated connection (and through idle pool connections) within milliseconds.
   */
  attach(poolClient: pg.ClientBase): Promise<void>
  /** False while announcements may be missed: the listener is connecting or lost its connection. */
  readonly listening: boolean
  close(): Promise<void>
}

/**
 * One dedicated connection per server that LISTENs to every channel (decision 0016). While it is
 * down the server may miss announcements, so `listening` is false and caches answer nothing from
 * memory; each time it (re)connects, every subscriber hears '' ("anything may have changed").
 * It connects on the first `listen`, so a process that never listens (the admin command) opens
 * no second connection.
 */
export function createPostgresListener(Client: typeof pg.Client, connectionString: string): PostgresListener {
  const subscribers = new Map<Channel, OnNotify[]>()
  let client: pg.Client | undefined
  let connecting: Promise<void> | undefined
  let listening = false
  let closed = false
  let delay = RECONNECT_DELAYS_MS.first
  let retry: NodeJS.Timeout | undefined
  let heartbeat: NodeJS.Timeout | undefined

  const announce = (channel: Channel, payload: string) => {
    for (const onNotify of subscribers.get(channel) ?? []) onNotify(payload)
  }
  const announceEverything = () => {
    for (const channel of subscribers.keys()) announce(channel, '')
  }

  function reconnectLater() {
    if (closed) return
    retry = setTimeout(() => void connect().catch(() => {}), delay)
    delay = Math.min(delay * 2, RECONNECT_DELAYS_MS.max)
  }

  function lost(which: pg.Client) {
    if (client !== which) return
    clearInterval(heartbeat)
    client = undefined
    listening = false
    announceEverything()
    reconnectLater()
  }

  async function openConnection() {
    const next = new Client({
      connectionString,
      application_name: LISTENER_NAME,
      keepAlive: true,
      query_timeout: HEARTBEAT.timeoutMs,
    })
    next.on('notification', ({ channel, payload }) => announce(channel as Channel, payload ?? ''))
    next.on('error', () => lost(next))
    next.on('end', () => lost(next))
    try {
      await next.connect()
      await next.query(LISTEN_ALL)
    } catch (error) {
      await next.end().catch(() => {})
      throw error
    }
    if (closed) return void (await next.end())
    client = next
    listening = true
    delay = RECONNECT_DELAYS_MS.first
    heartbeat = setInterval(() => {
      next.query('SELECT 1').catch(() => {
        lost(next)
        next.end().catch(() => {})
      })
    }, HEARTBEAT.everyMs).unref()
    announceEverything()
  }

  function connect(): Promise<void> {
    connecting ??= openConnection()
      .catch((error) => {
        reconnectLater()
        throw error
      })
      .finally(() => {
        connecting = undefined
      })
    return connecting
  }

  return {
    async attach(poolClient) {
      poolClient.on('notification', ({ channel, payload }) => announce(channel as Channel, payload ?? ''))
      await poolClient.query(LISTEN_ALL)
    },
    get listening() {
      return listening
    },
    async listen(channel, onNotify) {
      subscribers.set(channel, [...(subscribers.get(channel) ?? []), onNotify])
      if (!client) await connect()
    },
    async close() {
      closed = true
      clearTimeout(retry)
      clearInterval(heartbeat)
      await connecting?.catch(() => {})
      const last = client
      client = undefined
      listening = false
      await last?.end()
    },
  }
}
