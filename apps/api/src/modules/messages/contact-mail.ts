import type { OutboxMessage } from '../../db/schema'

interface Received {
  email: string
  subject: string
  body: string
}

/** The clinic's copy: replying to it answers the visitor. */
export function clinicMail(clinicEmail: string, message: Received, inboxUrl: string): OutboxMessage {
  return {
    to: clinicEmail,
    replyTo: message.email,
    subject: `Contact form: ${message.subject}`,
    text: [
      `From: ${message.email}`,
      `Subject: ${message.subject}`,
      '',
      message.body,
      '',
      `Reply to this mail to answer, then mark the message handled at ${inboxUrl}`,
    ].join('\n'),
  }
}

/**
 * The visitor's confirmation. It quotes nothing they typed: anyone can give any address, and the
 * clinic's mail must not carry a stranger's text to it (decision 0029).
 */
export function confirmationMail(to: string, clinicEmail: string): OutboxMessage {
  return {
    to,
    replyTo: clinicEmail,
    subject: 'We received your message — Doctors Portal',
    text: [
      'Thank you for writing to Doctors Portal. Your message reached the clinic and we will answer',
      'it by e-mail, usually within one working day (8.00AM to 6.00PM).',
      '',
      'If you did not write to us, someone gave your address by mistake: you can ignore this mail.',
    ].join('\n'),
  }
}
