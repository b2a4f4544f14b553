import type { Holiday } from '@shared/schedule'
import { asc, eq, gte, notInArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { closedWeekdays, holidays } from '../../db/schema'

export async function findClosedWeekdays(db: Db): Promise<number[]> {
  const rows = await db.select().from(closedWeekdays).orderBy(asc(closedWeekdays.weekday))
  return rows.map((row) => row.weekday)
}

export function findHolidaysFrom(db: Db, today: string): Promise<Holiday[]> {
  return db
    .select({ date: holidays.date, reason: holidays.reason })
    .from(holidays)
    .where(gte(holidays.date, today))
    .orderBy(asc(holidays.date))
}

/** Makes the closed weekdays exactly `weekdays`. */
export async function saveClosedWeekdays(db: Db, weekdays: number[]) {
  await db
    .delete(closedWeekdays)
    .where(weekdays.length ? notInArray(closedWeekdays.weekday, weekdays) : undefined)
  if (weekdays.length)
    await db
      .insert(closedWeekdays)
      .values(weekdays.map((weekday) => ({ weekday })))
      .onConflictDoNothing()
}

export async function isHoliday(db: Db, date: string): Promise<boolean> {
  const rows = await db.select({ date: holidays.date }).from(holidays).where(eq(holidays.date, date))
  return rows.length > 0
}

/** A date is a holiday once (its primary key): false when it already was. */
export async function insertHoliday(db: Db, holiday: Holiday): Promise<boolean> {
  const rows = await db
    .insert(holidays)
    .values(holiday)
    .onConflictDoNothing()
    .returning({ date: holidays.date })
  return rows.length > 0
}

export async function deleteHoliday(db: Db, date: string) {
  const [row] = await db.delete(holidays).where(eq(holidays.date, date)).returning()
  return row
}
