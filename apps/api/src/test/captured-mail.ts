import type { Mailer, MailMessage } from '../providers/mail/mailer'

/** A mailer that keeps what it was asked to send, for tests to read. */
export function captureMail(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = []
  return {
    sent,
    async send(message) {
      sent.push(message)
    },
  }
}
