import type { AgendaEntry } from '@shared/agenda'
import { phoneDisplay } from '@shared/phone'
import { toCsv } from './csv'

const HEADER = [
  'Date',
  'Time',
  'Treatment',
  'Patient',
  'Phone',
  'E-mail',
  'Price (TK)',
  'Payment',
  'Attendance',
]

const payment = (entry: AgendaEntry) => (entry.price === null ? 'No fee' : entry.paid ? 'Paid' : 'Unpaid')
const ATTENDANCE_TEXT = { attended: 'Attended', no_show: 'No-show' } as const

/** The day's agenda as the front desk prints or files it: one row per booking, in time order. */
export function agendaCsv(date: string, entries: AgendaEntry[]): string {
  return toCsv([
    HEADER,
    ...entries.map((entry) => [
      date,
      entry.slot,
      entry.treatmentName,
      entry.patientName,
      phoneDisplay(entry.phone).text,
      entry.email ?? '',
      entry.price === null ? '' : String(entry.price),
      payment(entry),
      entry.attendance ? ATTENDANCE_TEXT[entry.attendance] : '',
    ]),
  ])
}
