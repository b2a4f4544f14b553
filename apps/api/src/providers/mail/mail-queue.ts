import type { Mailer, MailMessage } from './mailer'

/**
 * Courtesy mail (booking confirmations) sent after the reply: composing a MIME message costs
 * about as much CPU as the booking itself, and in a rush of bookings it would delay every
 * patient still waiting for an answer. Messages wait until the rush has passed (`quietMs` without
 * a new one, `maxWaitMs` at most) and then go out one at a time.
 */
export interface MailQueue {
  /** Queues the message; if sending fails, `onError` gets the error and nothing else happens. */
  post(message: MailMessage, onError: (error: unknown) => void): void
  /** Sends everything queued now; resolves when the mailer has answered for each (shutdown, tests). */
  flush(): Promise<void>
}

interface Queued {
  message: MailMessage
  onError: (error: unknown) => void
}

export function createMailQueue(mailer: Mailer, { quietMs = 200, maxWaitMs = 1000 } = {}): MailQueue {
  const queue: Queued[] = []
  let timer: NodeJS.Timeout | undefined
  let firstQueuedAt = 0
  let sending: Promise<void> = Promise.resolve()

  async function sendQueued() {
    for (let next = queue.shift(); next; next = queue.shift()) {
      await mailer.send(next.message).catch(next.onError)
    }
  }

  function flush(): Promise<void> {
    clearTimeout(timer)
    timer = undefined
    sending = sending.then(sendQueued)
    return sending
  }

  return {
    post(message, onError) {
      const now = Date.now()
      if (queue.length === 0) firstQueuedAt = now
      queue.push({ message, onError })
      clearTimeout(timer)
      const wait = Math.max(0, Math.min(quietMs, firstQueuedAt + maxWaitMs - now))
      timer = setTimeout(flush, wait)
    },
    flush,
  }
}
