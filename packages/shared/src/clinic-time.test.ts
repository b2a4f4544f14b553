import { describe, expect, test } from 'vitest'
import {
  addDays,
  BOOKING_WINDOW_DAYS,
  clinicInstant,
  clinicToday,
  formatClinicDateTime,
  formatClockTime,
  formatMediumDate,
  formatMonthYear,
  isDateString,
  lastBookableDate,
  parseSlotLabel,
  slotLabel,
  weekdayOf,
} from './clinic-time'

const NEW_YORK = 'America/New_York'
const DHAKA = 'Asia/Dhaka'

describe('clinicToday', () => {
  test('is the clinic calendar date, not the UTC one', () => {
    // 20:30 UTC is already 02:30 the next morning in Dhaka (UTC+6) and 15:30 in New York.
    const instant = new Date('2026-01-14T20:30:00Z')
    expect(clinicToday(DHAKA, instant)).toBe('2026-01-15')
    expect(clinicToday(NEW_YORK, instant)).toBe('2026-01-14')
    expect(clinicToday('UTC', instant)).toBe('2026-01-14')
  })

  test('turns over exactly at the clinic midnight', () => {
    expect(clinicToday(DHAKA, new Date('2026-01-14T17:59:59.999Z'))).toBe('2026-01-14')
    expect(clinicToday(DHAKA, new Date('2026-01-14T18:00:00Z'))).toBe('2026-01-15')
    expect(clinicToday(NEW_YORK, new Date('2026-03-08T04:59:59Z'))).toBe('2026-03-07')
    expect(clinicToday(NEW_YORK, new Date('2026-03-08T05:00:00Z'))).toBe('2026-03-08')
    // After the spring-forward change midnight is at 04:00 UTC.
    expect(clinicToday(NEW_YORK, new Date('2026-03-09T03:59:59Z'))).toBe('2026-03-08')
    expect(clinicToday(NEW_YORK, new Date('2026-03-09T04:00:00Z'))).toBe('2026-03-09')
  })
})

describe('calendar arithmetic', () => {
  test('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08')
  })

  test('the booking window ends 60 days after today', () => {
    expect(BOOKING_WINDOW_DAYS).toBe(60)
    expect(lastBookableDate('2026-01-01')).toBe('2026-03-02')
  })

  test('weekdays count from Sunday = 0', () => {
    expect(weekdayOf('2023-01-01')).toBe(0)
    expect(weekdayOf('2023-01-05')).toBe(4)
    expect(weekdayOf('2026-03-14')).toBe(6)
  })

  test('only real calendar days are date strings', () => {
    expect(isDateString('2024-02-29')).toBe(true)
    expect(isDateString('2000-01-01')).toBe(true)
    expect(isDateString('2999-12-31')).toBe(true)
    for (const bad of [
      '2023-02-29',
      '2023-13-01',
      '2023-00-10',
      '2023-1-5',
      '05/01/2023',
      '2023-01-05T00:00',
      '',
      // Ten characters that are not ten ASCII digits and two hyphens.
      '２０２３-01-05',
      '2023-01-0a',
      '+023-01-05',
      ' 2023-01-5',
      '2023/01/05',
      '2023-01-05 ',
      // Years no booking, holiday or agenda of the clinic can fall in.
      '0000-01-01',
      '1999-12-31',
      '3000-01-01',
      '9999-12-31',
    ])
      expect(isDateString(bad), bad).toBe(false)
  })

  test('a date string is exactly a day the calendar has, in every month of leap and common years', () => {
    const isCalendarDay = (year: number, month: number, day: number) => {
      const date = new Date(Date.UTC(year, month - 1, day))
      return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    }
    for (const year of [2000, 2023, 2024, 2100, 2400, 2999])
      for (let month = 0; month <= 13; month++)
        for (let day = 0; day <= 32; day++) {
          const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
          expect(isDateString(text), text).toBe(month >= 1 && month <= 12 && isCalendarDay(year, month, day))
        }
  })

  test('the end of the booking window follows today when today changes', () => {
    expect(lastBookableDate('2026-12-31')).toBe('2027-03-01')
    expect(lastBookableDate('2028-01-01')).toBe('2028-03-01')
    expect(lastBookableDate('2026-12-31')).toBe('2027-03-01')
  })

  test('the medium format reads like Jan 5, 2023', () => {
    expect(formatMediumDate('2023-01-05')).toBe('Jan 5, 2023')
    expect(formatMediumDate('2026-12-31')).toBe('Dec 31, 2026')
  })

  test("the dashboard's month reads like Nov 2026", () => {
    expect(formatMonthYear('2026-11-30')).toBe('Nov 2026')
    expect(formatMonthYear('2027-01-01')).toBe('Jan 2027')
  })
})

test("an instant reads on the clinic's wall clock, whatever the browser's zone", () => {
  expect(formatClinicDateTime(new Date('2026-11-27T18:30:00Z'), DHAKA)).toBe('Nov 28, 2026, 12:30 AM')
  expect(formatClinicDateTime(new Date('2026-06-10T16:05:59Z'), NEW_YORK)).toBe('Jun 10, 2026, 12:05 PM')
})

describe('clinicInstant', () => {
  test('maps a wall-clock time to UTC with the offset of that day', () => {
    expect(clinicInstant('2026-01-15', '08:00', DHAKA).toISOString()).toBe('2026-01-15T02:00:00.000Z')
    expect(clinicInstant('2026-01-15', '00:00', DHAKA).toISOString()).toBe('2026-01-14T18:00:00.000Z')
  })

  test('follows the spring-forward change on 2026-03-08 in New York', () => {
    expect(clinicInstant('2026-03-07', '08:00', NEW_YORK).toISOString()).toBe('2026-03-07T13:00:00.000Z')
    expect(clinicInstant('2026-03-08', '01:30', NEW_YORK).toISOString()).toBe('2026-03-08T06:30:00.000Z')
    expect(clinicInstant('2026-03-08', '08:00', NEW_YORK).toISOString()).toBe('2026-03-08T12:00:00.000Z')
    // 02:30 never shows on the clock that night; like PostgreSQL it is read as 03:30 EDT.
    expect(clinicInstant('2026-03-08', '02:30', NEW_YORK).toISOString()).toBe('2026-03-08T07:30:00.000Z')
  })

  test('follows the fall-back change on 2026-11-01 in New York', () => {
    expect(clinicInstant('2026-10-31', '08:00', NEW_YORK).toISOString()).toBe('2026-10-31T12:00:00.000Z')
    expect(clinicInstant('2026-11-01', '08:00', NEW_YORK).toISOString()).toBe('2026-11-01T13:00:00.000Z')
    expect(clinicInstant('2026-11-01', '00:30', NEW_YORK).toISOString()).toBe('2026-11-01T04:30:00.000Z')
    // 01:30 shows twice; like PostgreSQL the later one (EST) is taken.
    expect(clinicInstant('2026-11-01', '01:30', NEW_YORK).toISOString()).toBe('2026-11-01T06:30:00.000Z')
  })

  test('round-trips with clinicToday around the clock', () => {
    for (const zone of [DHAKA, NEW_YORK, 'Australia/Lord_Howe', 'Pacific/Chatham']) {
      for (const date of ['2026-03-08', '2026-04-05', '2026-10-04', '2026-11-01']) {
        expect(clinicToday(zone, clinicInstant(date, '00:00', zone)), `${zone} ${date}`).toBe(date)
        expect(clinicToday(zone, clinicInstant(date, '23:59', zone)), `${zone} ${date}`).toBe(date)
      }
    }
  })

  test('refuses what is not a date or a time', () => {
    expect(() => clinicInstant('2026-02-30', '08:00', DHAKA)).toThrow(RangeError)
    expect(() => clinicInstant('2026-02-03', '24:00', DHAKA)).toThrow(RangeError)
  })
})

describe('slot labels', () => {
  test('are 12-hour start and end times', () => {
    expect(slotLabel('08:00', 30)).toBe('08:00 AM - 08:30 AM')
    expect(slotLabel('11:30', 30)).toBe('11:30 AM - 12:00 PM')
    expect(slotLabel('12:15', 45)).toBe('12:15 PM - 01:00 PM')
    expect(slotLabel('17:30', 30)).toBe('05:30 PM - 06:00 PM')
    expect(slotLabel('23:30', 60)).toBe('11:30 PM - 12:30 AM')
    expect(slotLabel('00:00', 480)).toBe('12:00 AM - 08:00 AM')
  })

  test('and a single clinic time is written the same way', () => {
    expect(formatClockTime('00:05')).toBe('12:05 AM')
    expect(formatClockTime('14:00')).toBe('02:00 PM')
    expect(() => formatClockTime('2 PM')).toThrow(RangeError)
  })

  test('parse back into their start and length', () => {
    expect(parseSlotLabel('08:00 AM - 08:30 AM')).toEqual({ start: '08:00', minutes: 30 })
    expect(parseSlotLabel('11:30 AM - 12:00 PM')).toEqual({ start: '11:30', minutes: 30 })
    expect(parseSlotLabel('11:30 PM - 12:30 AM')).toEqual({ start: '23:30', minutes: 60 })
    expect(parseSlotLabel('12:00 AM - 08:00 AM')).toEqual({ start: '00:00', minutes: 480 })
  })

  test('anything slotLabel would not write does not parse', () => {
    for (const bad of [
      '8:00 AM - 8:30 AM',
      '08:00 AM-08:30 AM',
      '13:00 PM - 01:30 PM',
      '08:60 AM - 09:00 AM',
      '08:00 AM - 08:00 AM',
      '00:30 AM - 01:00 AM',
      '',
    ])
      expect(parseSlotLabel(bad), bad).toBeNull()
  })
})
