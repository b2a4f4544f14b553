import { CONTACT_MESSAGES, type ContactMessage, type ContactMessageBody } from '@shared/messages'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../errors'
import { isUuid } from '../../lib/ids'
import { writeMail } from '../outbox'
import { clinicMail, confirmationMail } from './contact-mail'
import {
  type ContactMessageRow,
  findContactMessage,
  insertContactMessage,
  listContactMessages,
  recentMessagesFrom,
  setHandled,
} from './repository'

/** Messages one address may send in an hour, whatever the network it writes from (decision 0029). */
export const MAX_MESSAGES_PER_ADDRESS = 3
const ADDRESS_WINDOW_MINUTES = 60
const INBOX_LIMIT = 200

interface MessageDeps {
  db: Db
  clinicEmail: string
  publicUrl: string
}

const toContactMessage = (row: ContactMessageRow): ContactMessage => ({
  _id: row.id,
  email: row.email,
  subject: row.subject,
  message: row.body,
  receivedAt: row.receivedAt.toISOString(),
  handledAt: row.handledAt?.toISOString() ?? null,
  handledBy: row.handledBy,
})

export function messageService({ db, clinicEmail, publicUrl }: MessageDeps) {
  return {
    /** Stores the message and writes both mails in one transaction: all of it happens, or none. */
    async send(body: ContactMessageBody): Promise<void> {
      const recent = await recentMessagesFrom(db, body.email, ADDRESS_WINDOW_MINUTES)
      if (recent >= MAX_MESSAGES_PER_ADDRESS)
        throw new AppError('RATE_LIMITED', CONTACT_MESSAGES.tooMany('1 hour'))
      const received = { email: body.email, subject: body.subject, body: body.message }
      await db.transaction(async (tx) => {
        await insertContactMessage(tx, received)
        await writeMail(
          tx,
          'contact_message',
          clinicMail(clinicEmail, received, `${publicUrl}/dashboard/messages`),
        )
        await writeMail(tx, 'contact_confirmation', confirmationMail(body.email, clinicEmail))
      })
    },

    list: async (): Promise<ContactMessage[]> =>
      (await listContactMessages(db, INBOX_LIMIT)).map(toContactMessage),

    async markHandled(adminId: string, id: string, handled: boolean): Promise<ContactMessage> {
      if (!isUuid(id) || !(await setHandled(db, id, handled ? adminId : null)))
        throw notFound(CONTACT_MESSAGES.notFound)
      const row = await findContactMessage(db, id)
      if (!row) throw notFound(CONTACT_MESSAGES.notFound)
      return toContactMessage(row)
    },
  }
}
