import { z } from 'zod'
import { Email } from './accounts'
import { Id } from './ids'
import { freeText } from './text'

export const SUBJECT_MAX_LENGTH = 150
export const MESSAGE_MAX_LENGTH = 5000

export const CONTACT_MESSAGES = {
  sent: 'Thank you! Your message was sent. We have sent you a confirmation by e-mail and will reply there.',
  tooMany: (after: string) => `You have sent several messages already. Please try again in ${after}.`,
  notFound: 'This message no longer exists.',
} as const

/** The contact form (spec section 2's three fields), now delivered: see decision 0029. */
export const ContactMessageBody = z.object({
  email: Email,
  subject: freeText({
    required: 'Subject is Required',
    max: SUBJECT_MAX_LENGTH,
    tooLong: `Subject must be at most ${SUBJECT_MAX_LENGTH} characters.`,
  }),
  message: freeText({
    required: 'Message is Required',
    max: MESSAGE_MAX_LENGTH,
    tooLong: `Message must be at most ${MESSAGE_MAX_LENGTH} characters.`,
    multiline: true,
  }),
})
export type ContactMessageBody = z.infer<typeof ContactMessageBody>

export const ContactMessageReply = z.object({ message: z.string() })
export type ContactMessageReply = z.infer<typeof ContactMessageReply>

/** A message as the admins' inbox shows it; `handledBy` is the admin's name, once handled. */
export const ContactMessage = z.object({
  _id: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  receivedAt: z.string(),
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
})
export type ContactMessage = z.infer<typeof ContactMessage>

export const ContactMessageListReply = z.object({ messages: z.array(ContactMessage) })
export type ContactMessageListReply = z.infer<typeof ContactMessageListReply>

export const ContactMessageParams = z.object({ id: Id })

/** Marks a message handled, or open again (an admin's slip is undone the same way). */
export const MarkHandledBody = z.object({ handled: z.boolean({ error: 'handled must be true or false' }) })
export type MarkHandledBody = z.infer<typeof MarkHandledBody>
