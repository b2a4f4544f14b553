import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { contactMessages, users } from '../../db/schema'

export interface NewContactMessage {
  email: string
  subject: string
  body: string
}

export async function insertContactMessage(db: Db, message: NewContactMessage) {
  const [row] = await db
    .insert(contactMessages)
    .values(message)
    .returning({ id: contactMessages.id, receivedAt: contactMessages.receivedAt })
  if (!row) throw new Error('contact message not stored')
  return row
}

/** Messages from `email` in the last `minutes` (by the database's clock). */
export async function recentMessagesFrom(db: Db, email: string, minutes: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(contactMessages)
    .where(
      and(
        eq(contactMessages.email, email),
        gt(contactMessages.receivedAt, sql`now() - ${minutes}::integer * interval '1 minute'`),
      ),
    )
  return row?.count ?? 0
}

const listedColumns = {
  id: contactMessages.id,
  email: contactMessages.email,
  subject: contactMessages.subject,
  body: contactMessages.body,
  receivedAt: contactMessages.receivedAt,
  handledAt: contactMessages.handledAt,
  handledBy: users.name,
}

export type ContactMessageRow = Awaited<ReturnType<typeof listContactMessages>>[number]

/** The inbox: open messages first, then newest first, at most `limit`. */
export function listContactMessages(db: Db, limit: number) {
  return db
    .select(listedColumns)
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.handledBy))
    .orderBy(
      asc(sql`${contactMessages.handledAt} IS NOT NULL`),
      desc(contactMessages.receivedAt),
      desc(contactMessages.id),
    )
    .limit(limit)
}

/** Marks the message handled by `adminId` now, or open again; false when there is no such message. */
export async function setHandled(db: Db, id: string, adminId: string | null): Promise<boolean> {
  const rows = await db
    .update(contactMessages)
    .set(adminId ? { handledAt: sql`now()`, handledBy: adminId } : { handledAt: null, handledBy: null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id })
  return rows.length > 0
}

export async function findContactMessage(db: Db, id: string): Promise<ContactMessageRow | undefined> {
  const [row] = await db
    .select(listedColumns)
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.handledBy))
    .where(eq(contactMessages.id, id))
  return row
}
