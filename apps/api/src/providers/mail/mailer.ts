import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'

export interface MailAttachment {
  filename: string
  content: string
  contentType: string
}

export interface MailMessage {
  to: string
  subject: string
  text: string
  attachments?: MailAttachment[]
}

/** Sends mail through SMTP_URL, or writes each message as an .eml file into DATA_DIR/outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>
}

export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message })
      },
    }
  }
  const outbox = path.join(options.dataDir, 'outbox')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message })
      await mkdir(outbox, { recursive: true })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`
      await writeFile(path.join(outbox, name), info.message as Buffer)
    },
  }
}
