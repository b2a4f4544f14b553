// What a mail says, apart from how it is sent: the outbox's rows (db) and the features that
// write mails stand on it, below the mail provider.

export interface MailAttachment {
  filename: string
  content: string
  contentType: string
}

/** What a mail says. */
export interface MailContent {
  to: string
  subject: string
  text: string
  /** Where a reply goes when not to the sender (the clinic answers a contact message to its writer). */
  replyTo?: string
  attachments?: MailAttachment[]
}
