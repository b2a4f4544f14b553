import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Transporter } from 'nodemailer'
import type { MailContent } from '../../lib/mail-content'

/** A mail to send: `id` is its outbox row's, the same on every attempt. */
export interface MailMessage extends MailContent {
  id: string
}

/**
 * Sends mail through SMTP_URL, or writes each message into DATA_DIR/outbox as `<id>.eml`. The id
 * makes the Message-ID (`<id@domain of MAIL_FROM>`) and the file name, so a message delivered a
 * second time is known as the same one by the receiving mail system, and replaces its file.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>
  /** Ends what the mailer keeps open between mails (the SMTP connection). */
  close?(): Promise<void>
}

/** One SMTP delivery ends well within the outbox's lease, so no other server takes it over mid-send. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 }
/**
 * One connection, kept between mails: a mail server may hold its greeting back from each new
 * connection (smtp-server waits 100 ms to catch clients that talk too early), which capped the
 * outbox at ten mails a second. One is enough, as the outbox sends one mail at a time; an idle
 * connection is ended with QUIT before the socket's own timeout would cut it.
 */
const SMTP_POOL = { pool: true, maxConnections: 1, idleTimeout: 30_000 }

export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  const domain = fromAddress(options.from).split('@').at(-1) || 'localhost'
  const envelope = ({ id, ...content }: MailMessage) => ({
    from: options.from,
    messageId: `<${id}@${domain}>`,
    ...content,
  })
  if (options.smtpUrl) {
    const transport = loadedOnFirstSend({ url: options.smtpUrl, ...SMTP_TIMEOUTS, ...SMTP_POOL })
    return {
      async send(message) {
        await (await transport.get()).sendMail(envelope(message))
      },
      close: transport.close,
    }
  }
  const outbox = path.join(options.dataDir, 'outbox')
  const transport = loadedOnFirstSend({ streamTransport: true, buffer: true, newline: 'windows' })
  return {
    async send(message) {
      const info = await (await transport.get()).sendMail(envelope(message))
      // Written aside, then renamed: a crash mid-write never leaves half a message under its name.
      const file = path.join(outbox, `${message.id}.eml`)
      await writeInto(outbox, `${file}.tmp`, info.message as Buffer)
      await rename(`${file}.tmp`, file)
    },
  }
}

/**
 * The folder is made when a write finds it missing (the first mail, or after someone removed it),
 * not checked before every mail: `mkdir` on an existing folder cost 6% of the server's CPU time
 * during the bench's card payments (decision 0072).
 */
async function writeInto(folder: string, file: string, data: Buffer): Promise<void> {
  try {
    await writeFile(file, data)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    await mkdir(folder, { recursive: true })
    await writeFile(file, data)
  }
}

/**
 * Nodemailer is 650 KB of JavaScript that no start needs: it is loaded by the first mail, which
 * the outbox sends in the background (decision 0042).
 */
function loadedOnFirstSend(settings: object) {
  let transport: Promise<Transporter> | undefined
  return {
    get(): Promise<Transporter> {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(settings),
      )
      return transport
    },
    /** Closes the transport if a mail has loaded it. */
    async close(): Promise<void> {
      const loaded = await transport
      loaded?.close()
    },
  }
}

/** 'Doctors Portal <no-reply@clinic.example>' → 'no-reply@clinic.example' */
export const fromAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from
