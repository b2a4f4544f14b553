/**
 * Dates and times as the clinic sees them. A date is a 'YYYY-MM-DD' string naming a day of the
 * clinic's calendar and a time is 'HH:MM' on its wall clock; only `Intl` is used, so the web app
 * and the API share these functions whatever the time zone of the browser or the server.
 */

export const DEFAULT_CLINIC_TIME_ZONE = 'Asia/Dhaka'

/** Bookings open from the clinic's today up to and including this many days later (decision 0006). */
export const BOOKING_WINDOW_DAYS = 60

const DAY_MS = 86_400_000
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/
const LABEL_PATTERN = /^(\d{2}):(\d{2}) (AM|PM) - (\d{2}):(\d{2}) (AM|PM)$/

/**
 * The years a day of the clinic can fall in: its bookings, holidays and agenda all lie within a
 * lifetime of today. Year 0 is no year to PostgreSQL (it answered 500).
 */
const FIRST_YEAR = 2000
const LAST_YEAR = 2999

/**
 * True for a 'YYYY-MM-DD' string that names a real calendar day the clinic can mean (no 2023-02-30).
 * Read digit by digit: every appOptions request checks its date here, and a regex match plus a
 * Date cost more than the rest of the date handling of that request.
 */
export function isDateString(value: string): boolean {
  if (value.length !== 10 || value[4] !== '-' || value[7] !== '-') return false
  const year = digitsAt(value, 0, 4)
  const month = digitsAt(value, 5, 7)
  const day = digitsAt(value, 8, 10)
  return (
    year >= FIRST_YEAR &&
    year <= LAST_YEAR &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  )
}

/** The number the ASCII digits from `from` to `to` spell, or NaN (which fails every comparison). */
function digitsAt(value: string, from: number, to: number): number {
  let number = 0
  for (let index = from; index < to; index++) {
    const digit = value.charCodeAt(index) - 48
    if (digit < 0 || digit > 9) return Number.NaN
    number = number * 10 + digit
  }
  return number
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

let lastToday = { timeZone: '', minute: Number.NaN, date: '' }

/**
 * The clinic's calendar date at the instant `now`. UTC offsets are whole minutes, so the date
 * cannot change inside a UTC minute: the last answer is kept, sparing an Intl call per request.
 */
export function clinicToday(timeZone: string, now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000)
  if (minute === lastToday.minute && timeZone === lastToday.timeZone) return lastToday.date
  const wall = wallClock(now.getTime(), timeZone)
  lastToday = { timeZone, minute, date: toDateString(utcDay(wall.year, wall.month, wall.day)) }
  return lastToday.date
}

export function addDays(date: string, days: number): string {
  return toDateString(new Date(parseDate(date).getTime() + days * DAY_MS))
}

/** 0 = Sunday … 6 = Saturday, as in `clinic_closed_weekdays`. */
export function weekdayOf(date: string): number {
  return parseDate(date).getUTCDay()
}

let lastWindow = { today: '', last: '' }

/**
 * The last date a booking can be made for when the clinic's today is `today`. Today changes once
 * a day, so the last answer is kept, as `clinicToday` keeps its own.
 */
export function lastBookableDate(today: string): string {
  if (today !== lastWindow.today) lastWindow = { today, last: addDays(today, BOOKING_WINDOW_DAYS) }
  return lastWindow.last
}

/**
 * The instant at which the clinic's wall clock shows `time` on `date`. A time skipped by a
 * spring-forward change or repeated by a fall-back change takes the later instant, exactly as
 * PostgreSQL's `AT TIME ZONE` does, so the API and the database always agree.
 */
export function clinicInstant(date: string, time: string, timeZone: string): Date {
  const match = TIME_PATTERN.exec(time)
  if (!match) throw new RangeError(`Not an HH:MM time: ${time}`)
  const local = parseDate(date).getTime() + (Number(match[1]) * 60 + Number(match[2])) * 60_000
  const candidates = [offsetAt(local - DAY_MS, timeZone), offsetAt(local + DAY_MS, timeZone)].map(
    (offset) => local - offset,
  )
  const valid = candidates.filter((instant) => local - offsetAt(instant, timeZone) === instant)
  return new Date(valid.length === 1 ? (valid[0] as number) : Math.max(...candidates))
}

/** The medium date format of the spec, 'Jan 5, 2023'. */
export function formatMediumDate(date: string): string {
  const day = parseDate(date)
  return `${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`
}

/** A month of the clinic's calendar as the dashboard's badge shows it, 'Nov 2026'. */
export function formatMonthYear(date: string): string {
  const day = parseDate(date)
  return `${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`
}

/**
 * The slot label the patient reads and sends back, '08:00 AM - 08:30 AM': every page shows slots
 * and times this way, the admin's too.
 */
export function slotLabel(start: string, minutes: number): string {
  const from = minuteOfTime(start)
  return `${clock12(from)} - ${clock12((from + minutes) % (24 * 60))}`
}

/** A clinic time 'HH:MM' as slot labels write it: '14:00' → '02:00 PM'. */
export const formatClockTime = (time: string): string => clock12(minuteOfTime(time))

/** An instant as the clinic's wall clock shows it, in the formats above: 'Nov 28, 2026, 02:05 PM'. */
export function formatClinicDateTime(instant: Date, timeZone: string): string {
  const wall = wallClock(instant.getTime(), timeZone)
  const date = toDateString(utcDay(wall.year, wall.month, wall.day))
  return `${formatMediumDate(date)}, ${clock12(wall.hour * 60 + wall.minute)}`
}

function minuteOfTime(time: string): number {
  const match = TIME_PATTERN.exec(time)
  if (!match) throw new RangeError(`Not an HH:MM time: ${time}`)
  return Number(match[1]) * 60 + Number(match[2])
}

/** The start ('HH:MM') and length of a slot label, or null when it is not one `slotLabel` writes. */
export function parseSlotLabel(label: string): { start: string; minutes: number } | null {
  const match = LABEL_PATTERN.exec(label)
  if (!match) return null
  const from = minuteOfDay(match[1], match[2], match[3])
  const to = minuteOfDay(match[4], match[5], match[6])
  const minutes = (to - from + 24 * 60) % (24 * 60)
  const start = `${pad(Math.floor(from / 60))}:${pad(from % 60)}`
  return minutes > 0 && slotLabel(start, minutes) === label ? { start, minutes } : null
}

function minuteOfDay(hour: string | undefined, minute: string | undefined, half: string | undefined): number {
  return ((Number(hour) % 12) + (half === 'PM' ? 12 : 0)) * 60 + Number(minute)
}

function clock12(minuteOfDay: number): string {
  const hour = Math.floor(minuteOfDay / 60)
  return `${pad(hour % 12 || 12)}:${pad(minuteOfDay % 60)} ${hour < 12 ? 'AM' : 'PM'}`
}

function parseDate(date: string): Date {
  if (!isDateString(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`)
  return utcDay(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)))
}

/** Midnight UTC of a calendar day; setUTCFullYear keeps years below 100 as they are. */
function utcDay(year: number, month: number, day: number): Date {
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  return date
}

function toDateString(date: Date): string {
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
}

const pad = (n: number) => String(n).padStart(2, '0')

const formatters = new Map<string, Intl.DateTimeFormat>()

function wallClock(instant: number, timeZone: string) {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, formatter)
  }
  const parts: Record<string, string> = {}
  for (const part of formatter.formatToParts(instant)) parts[part.type] = part.value
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  }
}

/** How far the clinic's wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallClock(instant, timeZone)
  const asUtc =
    utcDay(wall.year, wall.month, wall.day).getTime() +
    ((wall.hour * 60 + wall.minute) * 60 + wall.second) * 1000
  return asUtc - Math.floor(instant / 1000) * 1000
}
