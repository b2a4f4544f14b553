// @vitest-environment jsdom
import { BOOKING_MESSAGES, type Booking } from '@shared/bookings'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { renderPage } from '../../testing/render-page'
import { RescheduleDialog } from './reschedule-dialog'

const NOW = Date.parse('2026-06-10T03:00:00Z')
const booking: Booking = {
  _id: 'b1',
  patientName: 'Pat Patient',
  treatmentName: 'Teeth Cleaning',
  appointmentDate: '2026-06-12',
  slot: '10:00 AM - 10:30 AM',
  price: 800,
  paid: true,
  refunded: false,
  email: 'pat@example.test',
  phone: '+8801700000000',
  status: 'booked',
  startsAt: '2026-06-12T04:00:00Z',
}
const FREE = { '2026-06-12': ['11:00 AM - 11:30 AM', '02:00 PM - 02:30 PM'], '2026-06-13': [] } as Record<
  string,
  string[]
>

let moves: unknown[]
let moveAnswers: Response[]
beforeEach(() => {
  moves = []
  moveAnswers = []
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/clinicCalendar')
      return Response.json({
        timeZone: 'Asia/Dhaka',
        today: '2026-06-10',
        lastBookableDate: '2026-07-10',
        closedWeekdays: [0],
        holidays: [],
      })
    if (url === '/api/payments/config') return Response.json({ provider: 'sandbox', refundCutoffHours: 24 })
    const date = url.match(/^\/api\/appOptions\?date=([\d-]+)$/)?.[1]
    if (date)
      return Response.json({
        options: [
          { _id: 't2', name: 'Oral Surgery', slots: ['09:00 AM - 09:30 AM'], price: 2500 },
          { _id: 't1', name: 'Teeth Cleaning', slots: FREE[date] ?? [], price: 800 },
        ],
      })
    if (url === '/api/bookings/b1/slot' && init?.method === 'PUT') {
      moves.push(JSON.parse(String(init.body)))
      return moveAnswers.shift() ?? Response.json({ booking }, { status: 200 })
    }
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`)
  })
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true
  }
  return () => vi.unstubAllGlobals()
})
afterEach(cleanup)

test("the day's free times of the same treatment are offered; a slot gone meanwhile is said in the dialog", async () => {
  moveAnswers.push(
    Response.json({ code: 'SLOT_TAKEN', message: BOOKING_MESSAGES.slotTaken }, { status: 409 }),
  )
  const onClose = vi.fn()
  renderPage(<RescheduleDialog booking={booking} now={NOW} onClose={onClose} />)

  const time = (await screen.findByLabelText('New time on Jun 12, 2026')) as HTMLSelectElement
  expect([...time.options].map((option) => option.value)).toEqual(FREE['2026-06-12'])
  fireEvent.click(screen.getByRole('button', { name: 'Move Appointment' }))
  expect((await screen.findByRole('alert')).textContent).toBe(BOOKING_MESSAGES.slotTaken)
  expect(onClose).not.toHaveBeenCalled()

  fireEvent.change(time, { target: { value: '02:00 PM - 02:30 PM' } })
  expect(screen.queryByRole('alert')).toBeNull()
  fireEvent.click(screen.getByRole('button', { name: 'Move Appointment' }))
  await waitFor(() => expect(onClose).toHaveBeenCalled())
  expect(moves).toEqual([
    { appointmentDate: '2026-06-12', slot: '11:00 AM - 11:30 AM' },
    { appointmentDate: '2026-06-12', slot: '02:00 PM - 02:30 PM' },
  ])
})

test('a day without free time says so, and nothing can be sent for it', async () => {
  renderPage(<RescheduleDialog booking={booking} now={NOW} onClose={vi.fn()} />)
  await screen.findByLabelText('New time on Jun 12, 2026')
  fireEvent.click(screen.getByRole('button', { name: /^13 June 2026/ }))
  expect(
    await screen.findByText('Teeth Cleaning has no free time on Jun 13, 2026. Please choose another day.'),
  ).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Move Appointment' })).toHaveProperty('disabled', true)
})

test('within REFUND_CUTOFF_HOURS of the appointment the dialog says why it cannot move', async () => {
  renderPage(
    <RescheduleDialog booking={booking} now={Date.parse('2026-06-11T05:00:00Z')} onClose={vi.fn()} />,
  )
  expect(await screen.findByText(BOOKING_MESSAGES.rescheduleCutoffPassed(24))).toBeTruthy()
  expect(screen.queryByRole('button', { name: 'Move Appointment' })).toBeNull()
})
