// @vitest-environment jsdom
import { SCHEDULE_MESSAGES as M, type ScheduleReply } from '@shared/schedule'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { renderPage } from '../../testing/render-page'
import { TreatmentsPage } from './treatments-page'

const schedule: ScheduleReply = {
  treatments: [
    {
      _id: 't1',
      name: 'Teeth Cleaning',
      price: 800,
      category: 'Hygiene',
      retiredAt: null,
      slots: [{ _id: 's1', start: '10:00', minutes: 30, label: '10:00 AM - 10:30 AM' }],
    },
  ],
  closedWeekdays: [5],
  holidays: [],
}

/** What the stubbed server answers, by "METHOD path": a reply, or a list of replies in turn. */
let answers: Record<string, unknown>
let requests: string[]
/** The JSON body of each request that sent one, by "METHOD path". */
let sent: Record<string, unknown>

beforeEach(() => {
  requests = []
  sent = {}
  answers = { 'GET /api/schedule': schedule }
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = `${init.method ?? 'GET'} ${url}`
    requests.push(call)
    if (typeof init.body === 'string') sent[call] = JSON.parse(init.body)
    const queued = answers[call.split('?')[0] as string]
    const answer = Array.isArray(queued) ? queued.shift() : queued
    if (answer instanceof Response) return answer
    return Response.json(answer ?? { code: 'NOT_FOUND', message: 'Not found' }, {
      status: answer ? 200 : 404,
    })
  })
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true
  }
  return () => vi.unstubAllGlobals()
})
afterEach(cleanup)

function showPage() {
  renderPage(<TreatmentsPage />)
}

const affected = (n: number) =>
  Response.json({ code: 'BOOKINGS_AFFECTED', message: M.bookingsAffected(n) }, { status: 409 })

test('lists each treatment with its fee, category and slots, and the closed weekdays ticked', async () => {
  showPage()
  const card = within(await screen.findByRole('article', { name: 'Teeth Cleaning' }))
  expect(card.getByText('800 TK')).toBeTruthy()
  expect(card.getByText('Hygiene')).toBeTruthy()
  expect(card.getByText('10:00 AM - 10:30 AM')).toBeTruthy()
  expect(card.getByRole('button', { name: 'Remove 10:00 AM - 10:30 AM from Teeth Cleaning' })).toBeTruthy()
  expect((screen.getByLabelText('Friday') as HTMLInputElement).checked).toBe(true)
  expect((screen.getByLabelText('Sunday') as HTMLInputElement).checked).toBe(false)
})

test('retiring a treatment with bookings names the count and sends the choice', async () => {
  answers['GET /api/schedule/treatments/t1/impact'] = { bookings: 2, paid: 1 }
  answers['DELETE /api/schedule/treatments/t1'] = {
    treatment: schedule.treatments[0],
    affected: { kept: 2, cancelled: 0, refunded: 0 },
  }
  showPage()
  fireEvent.click(await screen.findByRole('button', { name: 'Retire Teeth Cleaning' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Retire Teeth Cleaning?' }))
  expect(dialog.getByText('This affects 2 upcoming appointments (1 paid).')).toBeTruthy()
  expect(dialog.getByText(/Paid appointments are refunded in full first/)).toBeTruthy()
  fireEvent.click(dialog.getByRole('button', { name: 'Keep them' }))
  await vi.waitFor(() =>
    expect(requests).toContain('DELETE /api/schedule/treatments/t1?affectedBookings=keep'),
  )
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
})

test('a slot nobody booked is removed without asking; one booked meanwhile is asked about', async () => {
  answers['GET /api/schedule/slots/s1/impact'] = [
    { bookings: 0, paid: 0 },
    { bookings: 1, paid: 0 },
  ]
  answers['DELETE /api/schedule/slots/s1'] = [
    affected(1),
    { affected: { kept: 0, cancelled: 1, refunded: 0 } },
  ]
  showPage()
  fireEvent.click(
    await screen.findByRole('button', { name: 'Remove 10:00 AM - 10:30 AM from Teeth Cleaning' }),
  )
  const dialog = within(await screen.findByRole('dialog', { name: 'Remove 10:00 AM - 10:30 AM?' }))
  expect(requests.filter((r) => r.startsWith('DELETE'))).toEqual(['DELETE /api/schedule/slots/s1'])
  expect(dialog.getByText('This affects 1 upcoming appointment.')).toBeTruthy()
  fireEvent.click(dialog.getByRole('button', { name: 'Cancel them and notify patients' }))
  await vi.waitFor(() => expect(requests).toContain('DELETE /api/schedule/slots/s1?affectedBookings=cancel'))
})

test('a refund the provider refused is shown in the dialog, which asks again with the new count', async () => {
  answers['GET /api/schedule/treatments/t1/impact'] = [
    { bookings: 3, paid: 2 },
    { bookings: 2, paid: 1 },
  ]
  const message = M.refundFailed(1)
  answers['DELETE /api/schedule/treatments/t1'] = [
    Response.json({ code: 'REFUND_FAILED', message }, { status: 502 }),
    { treatment: schedule.treatments[0], affected: { kept: 0, cancelled: 2, refunded: 1 } },
  ]
  showPage()
  fireEvent.click(await screen.findByRole('button', { name: 'Retire Teeth Cleaning' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Retire Teeth Cleaning?' }))
  fireEvent.click(dialog.getByRole('button', { name: 'Cancel them and notify patients' }))
  expect((await dialog.findByRole('alert')).textContent).toBe(message)
  expect(await dialog.findByText('This affects 2 upcoming appointments (1 paid).')).toBeTruthy()
  fireEvent.click(dialog.getByRole('button', { name: 'Cancel them and notify patients' }))
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(requests.filter((r) => r.startsWith('DELETE'))).toEqual([
    'DELETE /api/schedule/treatments/t1?affectedBookings=cancel',
    'DELETE /api/schedule/treatments/t1?affectedBookings=cancel',
  ])
})

test('a price that is not whole taka is refused in the form, before any request', async () => {
  showPage()
  await screen.findByRole('article', { name: 'Teeth Cleaning' })
  fireEvent.input(screen.getByLabelText('Treatment name'), { target: { value: 'Gum Care' } })
  fireEvent.input(screen.getByLabelText('Price (TK)'), { target: { value: '12.5' } })
  fireEvent.click(screen.getByRole('button', { name: 'Add treatment' }))
  expect(await screen.findByText(M.price)).toBeTruthy()
  expect(requests.filter((r) => r.startsWith('POST'))).toEqual([])
})

const choices = (select: HTMLElement) =>
  [...(select as HTMLSelectElement).options].map((option) => option.value)

test('a new treatment is added in the category chosen from the price list groups', async () => {
  answers['POST /api/schedule/treatments'] = { treatment: { ...schedule.treatments[0], _id: 't2' } }
  showPage()
  await screen.findByRole('article', { name: 'Teeth Cleaning' })
  const category = screen.getByLabelText('Category')
  expect(choices(category)).toEqual(['Dental Essentials', 'Cosmetic', 'Hygiene', 'Dental Surgery'])
  expect((category as HTMLSelectElement).value).toBe('Dental Essentials')
  fireEvent.input(screen.getByLabelText('Treatment name'), { target: { value: 'Gum Surgery' } })
  fireEvent.input(screen.getByLabelText('Price (TK)'), { target: { value: '3000' } })
  fireEvent.change(category, { target: { value: 'Dental Surgery' } })
  fireEvent.click(screen.getByRole('button', { name: 'Add treatment' }))
  await vi.waitFor(() =>
    expect(sent['POST /api/schedule/treatments']).toEqual({
      name: 'Gum Surgery',
      price: 3000,
      category: 'Dental Surgery',
    }),
  )
})

test('editing a treatment shows its category and saves the new one', async () => {
  answers['PATCH /api/schedule/treatments/t1'] = {
    treatment: { ...schedule.treatments[0], category: 'Cosmetic' },
  }
  showPage()
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Teeth Cleaning' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit Teeth Cleaning' }))
  const category = dialog.getByLabelText('Category') as HTMLSelectElement
  expect(category.value).toBe('Hygiene')
  fireEvent.change(category, { target: { value: 'Cosmetic' } })
  fireEvent.click(dialog.getByRole('button', { name: 'Save' }))
  await vi.waitFor(() =>
    expect(sent['PATCH /api/schedule/treatments/t1']).toEqual({
      name: 'Teeth Cleaning',
      price: 800,
      category: 'Cosmetic',
    }),
  )
})
