// @vitest-environment jsdom
import type { ClinicCalendarReply } from '@shared/clinic'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { BookingCalendar } from './booking-calendar'
import { firstOpenDay, isOpenForBooking } from './open-days'

afterEach(cleanup)

// Wednesday 10 June 2026; the clinic closes on Fridays and on 12 and 16 June.
const calendar: ClinicCalendarReply = {
  timeZone: 'Asia/Dhaka',
  today: '2026-06-10',
  lastBookableDate: '2026-08-09',
  closedWeekdays: [5],
  holidays: ['2026-06-16'],
}

const day = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) })

describe('the booking calendar', () => {
  test("one month, weeks from Sunday, with the clinic's today selected", () => {
    render(<BookingCalendar calendar={calendar} selected="2026-06-10" onSelect={() => {}} />)
    expect(screen.getAllByRole('grid')).toHaveLength(1)
    const weekdays = [...document.querySelectorAll('th')].map((th) => th.getAttribute('aria-label'))
    expect(weekdays).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'])
    expect(day('10 June 2026').getAttribute('aria-label')).toBe('10 June 2026, Wednesday, today, selected')
  })

  test('past days, closed weekdays and holidays are disabled; open days are not', () => {
    render(<BookingCalendar calendar={calendar} selected="2026-06-10" onSelect={() => {}} />)
    for (const name of ['9 June 2026', '12 June 2026', '19 June 2026', '16 June 2026']) {
      expect(day(name)).toHaveProperty('disabled', true)
    }
    for (const name of ['11 June 2026', '13 June 2026', '30 June 2026']) {
      expect(day(name)).toHaveProperty('disabled', false)
    }
  })

  test('days after the booking window are disabled, and no month after it is shown', () => {
    render(<BookingCalendar calendar={calendar} selected="2026-08-03" onSelect={() => {}} />)
    expect(day('9 August 2026')).toHaveProperty('disabled', false)
    expect(day('10 August 2026')).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'Go to the Next Month' }).getAttribute('aria-disabled')).toBe(
      'true',
    )
  })

  test('choosing a day hands back its clinic date', () => {
    const onSelect = vi.fn()
    render(<BookingCalendar calendar={calendar} selected="2026-06-10" onSelect={onSelect} />)
    fireEvent.click(day('22 June 2026'))
    expect(onSelect).toHaveBeenCalledWith('2026-06-22')
  })
})

test('the page opens on the first open day: today, or the next one when today is closed', () => {
  expect(firstOpenDay(calendar)).toBe('2026-06-10')
  expect(firstOpenDay({ ...calendar, today: '2026-06-12' })).toBe('2026-06-13')
  expect(firstOpenDay({ ...calendar, holidays: ['2026-06-10', '2026-06-11'] })).toBe('2026-06-13')
  expect(isOpenForBooking('2026-08-10', calendar)).toBe(false)
})
