import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
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
}

/** One SMTP delivery ends well within the outbox's lease, so no other server takes it over mid-send. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 }

export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  const domain = fromAddress(options.from).split('@').at(-1) || 'localhost'
  const envelope = ({ id, ...content }: MailMessage) => ({
    from: options.from,
    messageId: `<${id}@${domain}>`,
    ...content,
  })
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS })
    return {
      async send(message) {
        await transport.sendMail(envelope(message))
      },
    }
  }
  const outbox = path.join(options.dataDir, 'outbox')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  return {
    async send(message) {
      const info = await transport.sendMail(envelope(message))
      await mkdir(outbox, { recursive: true })
      // Written aside, then renamed: a crash mid-write never leaves half a message under its name.
      const file = path.join(outbox, `${message.id}.eml`)
      await writeFile(`${file}.tmp`, info.message as Buffer)
      await rename(`${file}.tmp`, file)
    },
  }
}

/** 'Doctors Portal <no-reply@clinic.example>' → 'no-reply@clinic.example' */
export const fromAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from
