import type { Modifiers } from 'react-day-picker'

/*
 * The calendar shows days of the clinic's calendar ('YYYY-MM-DD'). It runs in UTC, where every
 * day starts at midnight and no daylight saving change can shift one: a day is the UTC midnight
 * of its date, whatever the browser's or the clinic's time zone.
 */
export const CALENDAR_TIME_ZONE = 'UTC'

export function toCalendarDay(date: string): Date {
  return new Date(`${date}T00:00:00Z`)
}

export function fromCalendarDay(day: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`
}

const dayName = new Intl.DateTimeFormat('en-GB', {
  timeZone: CALENDAR_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  weekday: 'long',
})

/**
 * A day button's accessible name, '5 January 2026, Monday, today, selected': it begins with the
 * number the button shows, as WCAG 2.5.3 (label in name) asks; the library's default does not.
 */
export function labelDayButton(day: Date, modifiers: Modifiers): string {
  const parts = Object.fromEntries(dayName.formatToParts(day).map((part) => [part.type, part.value]))
  let label = `${parts.day} ${parts.month} ${parts.year}, ${parts.weekday}`
  if (modifiers.today) label += ', today'
  if (modifiers.selected) label += ', selected'
  return label
}
