import { describe, expect, test } from 'vitest'
import { fromCalendarDay, labelDayButton, toCalendarDay } from './calendar-dates'

describe('calendar days', () => {
  test('a clinic date and its calendar day convert both ways, across months, leap days and DST dates', () => {
    for (const date of ['2026-01-05', '2028-02-29', '2026-03-29', '2026-11-01', '2026-12-31']) {
      expect(fromCalendarDay(toCalendarDay(date))).toBe(date)
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
