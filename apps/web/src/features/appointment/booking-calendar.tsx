import type { ClinicCalendarReply } from '@shared/clinic'
import { DayPicker } from 'react-day-picker'
import 'react-day-picker/style.css'
import './booking-calendar.css'
import { fromCalendarDay, labelDayButton, toCalendarDay } from './calendar-dates'

type BookingCalendarProps = {
  calendar: ClinicCalendarReply
  selected: string
  onSelect: (date: string) => void
}

/**
 * Spec sections 2 and 9: one month, weeks from Sunday, one selected day that cannot be cleared.
 * Days the server would refuse are disabled: before the clinic's today, past the booking window,
 * the weekly closed days and the holidays.
 */
export function BookingCalendar({ calendar, selected, onSelect }: BookingCalendarProps) {
  const today = toCalendarDay(calendar.today)
  const last = toCalendarDay(calendar.lastBookableDate)
  return (
    <DayPicker
      className="booking-calendar"
      mode="single"
      required
      numberOfMonths={1}
      weekStartsOn={0}
      today={today}
      selected={toCalendarDay(selected)}
      onSelect={(day) => onSelect(fromCalendarDay(day))}
      defaultMonth={toCalendarDay(selected)}
      startMonth={today}
      endMonth={last}
      disabled={[
        { before: today },
        { after: last },
        { dayOfWeek: calendar.closedWeekdays },
        calendar.holidays.map(toCalendarDay),
      ]}
      labels={{ labelDayButton }}
    />
  )
}
