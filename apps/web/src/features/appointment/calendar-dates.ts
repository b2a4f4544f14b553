import type { Modifiers } from 'react-day-picker'

/*
 * The calendar shows days of the clinic's calendar ('YYYY-MM-DD'). DayPicker works on dates at
 * the browser's local midnight (its default mode, and far cheaper than its time-zone mode), so a
 * clinic date is shown as the local day with the same year, month and day: only those fields are
 * read back, never the instant, and "today" is the clinic's, passed in, never the browser's.
 */
export function toCalendarDay(date: string): Date {
  return new Date(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)))
}

export function fromCalendarDay(day: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`
}

const dayName = new Intl.DateTimeFormat('en-GB', {
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
