import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * The link to `page` (e.g. `/reset-password`) in a mail to `email` that a server without SMTP
 * wrote to its outbox folder (quoted-printable decoded), or null while there is none.
 */
export const mailedLink = (dataDir: string, email: string, page: string): Promise<string | null> =>
  mailedMatch(dataDir, email, new RegExp(`https?://\\S+${page}\\?token=[\\w-]+`))

/** The waitlist offer link (`/waitlist/offers/:id`) in a mail to `email`, or null while there is none. */
export const mailedOfferLink = (dataDir: string, email: string): Promise<string | null> =>
  mailedMatch(dataDir, email, /https?:\/\/\S+\/waitlist\/offers\/[\w-]+/)

async function mailedMatch(dataDir: string, email: string, pattern: RegExp): Promise<string | null> {
  const outbox = path.join(dataDir, 'outbox')
  const files = await readdir(outbox).catch(() => [] as string[])
  // Files are named by message id, in no order; the account's verification mail is there too.
  for (const file of files) {
    const eml = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=')
    if (!eml.includes(`To: ${email}`)) continue
    const link = pattern.exec(eml)?.[0]
    if (link) return link
  }
  return null
}
