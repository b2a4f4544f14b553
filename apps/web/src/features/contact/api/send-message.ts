import type { ContactMessageBody, ContactMessageReply } from '@shared/messages'
import { fetchJson } from '../../../lib/http'

/** `POST /api/messages`: stored for the clinic and mailed to it; the visitor gets a confirmation. */
export const sendContactMessage = (body: ContactMessageBody) =>
  fetchJson<ContactMessageReply>('/api/messages', { method: 'POST', body })
