import type { MailContent } from '../../lib/mail-content'
import type { MailMessage } from '../../providers/mail/mailer'
import type { ClaimedMail } from './repository'

/** Why a mail is no longer sent (its booking or its patient is gone), kept as the row's reason. */
export interface Skip {
  skip: string
}

/** Renders a mail the database wrote without its text (a trigger's: it names only its booking). */
export type MailRenderer = (mail: ClaimedMail) => Promise<MailContent | Skip>

/**
 * The renderer of each such kind, given at start by the module that owns the kind (bookings,
 * payments): the outbox knows rows and senders, not what a booking or a receipt says.
 */
export type MailRenderers = Partial<Record<ClaimedMail['kind'], MailRenderer>>

/** The message a claimed mail stands for, or why there is none to send any more. */
export async function renderMail(mail: ClaimedMail, renderers: MailRenderers): Promise<MailMessage | Skip> {
  if (mail.message) return { id: mail.id, ...mail.message }
  const render = renderers[mail.kind]
  if (!render) return { skip: `no renderer for ${mail.kind}` }
  const content = await render(mail)
  return 'skip' in content ? content : { id: mail.id, ...content }
}

/**
 * A renderer of a patient's mail about one booking: read as the booking is when the mail is sent,
 * and skipped once the row (`gone` says which) or the patient's account no longer exists, or when
 * `outdated` gives a reason the row no longer warrants the mail.
 */
export function patientMailRenderer<Row extends { patientDeletedAt: Date | null }>(
  find: (bookingId: string) => Promise<Row | undefined>,
  gone: string,
  render: (row: Row, mail: ClaimedMail) => MailContent,
  outdated: (row: Row) => string | null = () => null,
): MailRenderer {
  return async (mail) => {
    const row = mail.bookingId ? await find(mail.bookingId) : undefined
    if (!row) return { skip: gone }
    if (row.patientDeletedAt) return { skip: 'the patient deleted their account' }
    const reason = outdated(row)
    if (reason) return { skip: reason }
    return render(row, mail)
  }
}
