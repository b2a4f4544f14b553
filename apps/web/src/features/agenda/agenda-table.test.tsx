// @vitest-environment jsdom
import { AGENDA_MESSAGES, type AgendaEntry } from '@shared/agenda'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { AgendaTable } from './agenda-table'

afterEach(cleanup)

function entry(overrides: Partial<AgendaEntry>): AgendaEntry {
  return {
    _id: 'b1',
    startsAt: '2026-06-12T04:00:00Z',
    slot: '10:00 AM - 10:30 AM',
    treatmentName: 'Teeth Cleaning',
    patientName: 'Pat Patient',
    phone: '+8801700000000',
    email: 'pat@example.test',
    price: 800,
    paid: false,
    refunded: 0,
    attendance: null,
    reminders: [],
    ...overrides,
  }
}

/** After the default entry's start: its buttons are live. */
const STARTED = Date.parse('2026-06-12T04:05:00Z')

function renderRows(entries: AgendaEntry[], onMark = vi.fn(), marking?: string, now = STARTED) {
  render(<AgendaTable entries={entries} marking={marking} now={now} onMark={onMark} />)
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row))
}

test('each row shows the time, patient, phone, treatment and payment', () => {
  const [unpaid, paid, free] = renderRows([
    entry({}),
    entry({ _id: 'b2', paid: true, patientName: 'রহিম উদ্দিন' }),
    entry({ _id: 'b3', price: null, email: null }),
  ])
  expect(unpaid?.getByRole('rowheader').textContent).toBe('10:00 AM - 10:30 AM')
  expect(unpaid?.getByRole('link', { name: '01700-000000' }).getAttribute('href')).toBe('tel:+8801700000000')
  expect(unpaid?.getByText('800 TK · Unpaid')).toBeTruthy()
  expect(paid?.getByText('Paid')).toBeTruthy()
  expect(paid?.getByText('রহিম উদ্দিন')).toBeTruthy()
  expect(free?.getByText('No fee')).toBeTruthy()
  expect(free?.queryByText('pat@example.test')).toBeNull()
})

test("each row says which of the booking's reminders were sent", () => {
  const reminders: AgendaEntry['reminders'] = [
    { hoursBefore: 24, state: 'sent' },
    { hoursBefore: 2, state: 'waiting' },
  ]
  const [reminded, late, none] = renderRows([
    entry({ reminders }),
    entry({ _id: 'b2', reminders: [{ hoursBefore: 2, state: 'failed' }] }),
    entry({ _id: 'b3' }),
  ])
  expect(reminded?.getByText('Reminder 24 h sent')).toBeTruthy()
  expect(reminded?.getByText('Reminder 2 h waiting')).toBeTruthy()
  expect(late?.getByText('Reminder 2 h not delivered')).toBeTruthy()
  expect(none?.queryByText(/Reminder/)).toBeNull()
})

test('a phone stored as free text before numbers were checked shows as it is, without a link', () => {
  const [old] = renderRows([entry({ phone: 'abc' })])
  expect(old?.getByRole('cell', { name: 'abc' })).toBeTruthy()
  expect(old?.queryByRole('link')).toBeNull()
})

test('before the appointment starts its buttons wait, and say why to whoever reaches them', () => {
  const [early] = renderRows([entry({})], vi.fn(), undefined, Date.parse('2026-06-12T03:59:00Z'))
  for (const name of ['Attended', 'No-show']) {
    const button = early?.getByRole('button', { name })
    expect(button?.hasAttribute('disabled')).toBe(true)
    const reason = document.getElementById(button?.getAttribute('aria-describedby') ?? '')
    expect(reason?.textContent).toBe(AGENDA_MESSAGES.tooEarly)
  }
})

test('a paid booking refunded in part shows the amount refunded', () => {
  const [partly, whole] = renderRows([entry({ paid: true, refunded: 200 }), entry({ _id: 'b2', paid: true })])
  expect(partly?.getByText('· 200 TK refunded', { exact: false })).toBeTruthy()
  expect(partly?.getByText('Paid')).toBeTruthy()
  expect(whole?.queryByText('refunded', { exact: false })).toBeNull()
})

test('the marked button is pressed; pressing it again takes the mark back, the other changes it', () => {
  const onMark = vi.fn()
  const [row] = renderRows([entry({ attendance: 'attended' })], onMark)
  const attended = row?.getByRole('button', { name: 'Attended' })
  const noShow = row?.getByRole('button', { name: 'No-show' })
  expect(attended?.getAttribute('aria-pressed')).toBe('true')
  expect(noShow?.getAttribute('aria-pressed')).toBe('false')
  if (attended) fireEvent.click(attended)
  if (noShow) fireEvent.click(noShow)
  expect(onMark.mock.calls.map(([, attendance]) => attendance)).toEqual([null, 'no_show'])
})

test("a row's buttons wait while its mark is on its way", () => {
  const [busy, idle] = renderRows([entry({}), entry({ _id: 'b2' })], vi.fn(), 'b1')
  expect(busy?.getByRole('button', { name: 'Attended' }).hasAttribute('disabled')).toBe(true)
  expect(idle?.getByRole('button', { name: 'Attended' }).hasAttribute('disabled')).toBe(false)
  expect(idle?.getByRole('button', { name: 'Attended' }).hasAttribute('aria-describedby')).toBe(false)
})
