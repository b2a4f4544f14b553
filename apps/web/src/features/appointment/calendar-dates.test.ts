import { describe, expect, test, vi } from 'vitest'
import { fromCalendarDay, labelDayButton, toCalendarDay } from './calendar-dates'

describe('calendar days', () => {
  // Santiago and Havana move their clocks at midnight: some local midnights do not exist there.
  // The offset (getTimezoneOffset on 1 January 2026) proves that the zone is in effect.
  const zones = [
    { zone: 'UTC', offset: 0 },
    { zone: 'Asia/Dhaka', offset: -360 },
    { zone: 'America/New_York', offset: 300 },
    { zone: 'America/Santiago', offset: 180 },
    { zone: 'America/Havana', offset: 300 },
    { zone: 'Pacific/Kiritimati', offset: -840 },
  ]
  const dates = [
    '2026-01-05',
    '2028-02-29',
    '2026-03-08',
    '2026-03-29',
    '2026-09-06',
    '2026-11-01',
    '2026-12-31',
  ]

  test.each(zones)('a clinic date and its calendar day convert both ways in $zone', ({ zone, offset }) => {
    vi.stubEnv('TZ', zone)
    try {
      expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(offset)
      for (const date of dates) expect(fromCalendarDay(toCalendarDay(date))).toBe(date)
    } finally {
      vi.unstubAllEnvs()
    }
  })

  test('a day button is named by the number it shows first, then month, year and weekday', () => {
    expect(labelDayButton(toCalendarDay('2026-01-05'), {})).toBe('5 January 2026, Monday')
  })

  test('today and the selected day say so at the end of the name', () => {
    const day = toCalendarDay('2026-06-10')
    expect(labelDayButton(day, { today: true, selected: true })).toBe(
      '10 June 2026, Wednesday, today, selected',
    )
    expect(labelDayButton(day, { selected: true })).toBe('10 June 2026, Wednesday, selected')
  })
})
