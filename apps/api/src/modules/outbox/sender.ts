import type { FastifyBaseLogger } from 'fastify'
import type { DatabaseHandle } from '../../db/client'
import type { Metrics } from '../../plugins/metrics'
import type { Mailer } from '../../providers/mail/mailer'
import { whenQuiet } from './quiet-wait'
import { type MailRenderers, renderMail } from './render'
import {
  type ClaimedMail,
  claimDueMail,
  endLeasesOfDeadProcess,
  giveUp,
  markSent,
  releaseClaims,
  renewLeases,
  retryLater,
} from './repository'

export interface OutboxTiming {
  /** Once mail is written, wait until none has come for this long… */
  quietMs: number
  /** …but no longer than this after the first. */
  maxWaitMs: number
  /** Look anyway this often: for retries now due, leases run out, an announcement missed. */
  pollMs: number
}

export const OUTBOX_TIMING: OutboxTiming = { quietMs: 200, maxWaitMs: 1000, pollMs: 5000 }

/** Mails taken by one claim. */
const BATCH = 10
/**
 * How long a claimed mail is this server's unless renewed: a server that dies mid-send holds its
 * mails this long at most. Renewed every third of it while the batch is being sent, so a slow
 * SMTP server (mailer.ts allows a minute) never lets another server send the same mail.
 */
export const LEASE_SECONDS = 30
/** Attempts before giving up: with the delays below, about three hours of trying. */
export const MAX_ATTEMPTS = 10
/** 30 s after the first failed attempt, doubling, at most an hour. */
const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** (attempts - 1), 3600)

/** What went wrong, for the row: the transport's message, with any credentials in a URL masked. */
const describeError = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\/\/[^\s/@]+@/g, '//…@').slice(0, 500)

export interface OutboxSender {
  /** Sends every mail due now, without waiting for a quiet moment; resolves when done (tests). */
  drain(): Promise<void>
  /** Lets the send in progress finish, gives back the mails claimed but not tried, and stops. */
  close(): Promise<void>
}

interface SenderDeps {
  database: DatabaseHandle
  mailer: Mailer
  renderers: MailRenderers
  log: FastifyBaseLogger
  failures: Metrics['mailFailures']
  timing?: OutboxTiming
}

/**
 * Delivers the outbox in the background, at least once (decision 0017): woken by the database's
 * `outbox_ready` announcement, and by a poll. Several servers may run one each on one database.
 */
export async function startOutboxSender(deps: SenderDeps): Promise<OutboxSender> {
  const { database, mailer, renderers, log, failures, timing = OUTBOX_TIMING } = deps
  const { db } = database
  let closed = false
  let last: Promise<void> = Promise.resolve()
  let queued: Promise<void> | undefined

  /** One pass at a time; a pass asked for while another is still waiting to start is that one. */
  function pass(): Promise<void> {
    queued ??= last = last
      .then(() => {
        queued = undefined
        return sendDue()
      })
      .catch((error: unknown) => log.error({ err: error }, 'outbox: a sending pass failed'))
    return queued
  }

  async function sendDue() {
    while (!closed) {
      // RETURNING keeps no order: oldest first, as they were written.
      const claimed = (await claimDueMail(db, BATCH, LEASE_SECONDS)).sort(
        (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
      )
      if (claimed.length === 0) return
      const held = new Set(claimed.map((mail) => mail.id))
      const renewal = setInterval(
        () => {
          renewLeases(db, [...held], LEASE_SECONDS).catch((error: unknown) =>
            log.warn({ err: error }, 'outbox: a lease could not be renewed'),
          )
        },
        (LEASE_SECONDS * 1000) / 3,
      )
      try {
        for (const mail of claimed) {
          if (closed) return await releaseClaims(db, [...held])
          await deliver(mail)
          held.delete(mail.id)
        }
      } finally {
        clearInterval(renewal)
      }
    }
  }

  async function deliver(mail: ClaimedMail) {
    const message = await renderMail(mail, renderers)
    if ('skip' in message) return giveUp(db, mail.id, message.skip)
    try {
      await mailer.send(message)
    } catch (error) {
      const about = { err: error, mailId: mail.id, kind: mail.kind, attempts: mail.attempts }
      if (mail.attempts >= MAX_ATTEMPTS) {
        log.error(about, 'mail not sent: given up')
        failures.inc({ outcome: 'given_up' })
        return giveUp(db, mail.id, describeError(error))
      }
      log.warn(about, 'mail not sent: will retry')
      failures.inc({ outcome: 'retry' })
      return retryLater(db, mail.id, describeError(error), retryDelaySeconds(mail.attempts))
    }
    await markSent(db, mail.id)
  }

  if (database.kind === 'pglite') await endLeasesOfDeadProcess(db)
  const wait = whenQuiet(() => void pass(), timing)
  const poll = setInterval(() => wait.poke(), timing.pollMs)
  poll.unref()
  await database.listen('outbox_ready', () => {
    if (!closed) wait.poke()
  })
  wait.poke() // mail left over from an earlier run
  return {
    drain() {
      wait.cancel()
      return pass()
    },
    async close() {
      closed = true
      wait.cancel()
      clearInterval(poll)
      await last
    },
  }
}
