// @vitest-environment jsdom
import type { AppOption } from '@shared/clinic'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { AppointmentOptionCard } from './appointment-option-card'

afterEach(cleanup)

const option = (slots: string[], price: number | null = 800): AppOption => ({
  _id: 't1',
  name: 'Teeth Cleaning',
  slots,
  price,
})

function renderCard(value: AppOption, onBook = vi.fn()) {
  render(<AppointmentOptionCard option={value} onBook={onBook} onIntent={() => {}} />)
  return within(screen.getByRole('article', { name: 'Teeth Cleaning' }))
}

test('shows the first free slot, the number of spaces and the fee in TK, and books that treatment', () => {
  const onBook = vi.fn()
  const value = option(['10:00 AM - 10:30 AM', '10:30 AM - 11:00 AM'])
  const card = renderCard(value, onBook)
  expect(card.getByText('10:00 AM - 10:30 AM')).toBeTruthy()
  expect(card.getByText('2 spaces Available')).toBeTruthy()
  expect(card.getByText('800 TK')).toBeTruthy()
  fireEvent.click(card.getByRole('button', { name: 'Book Appointment' }))
  expect(onBook).toHaveBeenCalledWith(value)
})

test("one slot is '1 space'", () => {
  expect(renderCard(option(['10:00 AM - 10:30 AM'])).getByText('1 space Available')).toBeTruthy()
})

test("no slot: 'Try Another Day', '0 space Available' and a disabled button", () => {
  const card = renderCard(option([]))
  expect(card.getByText('Try Another Day')).toBeTruthy()
  expect(card.getByText('0 space Available')).toBeTruthy()
  expect(card.getByRole('button', { name: 'Book Appointment' })).toHaveProperty('disabled', true)
})

test('a treatment without a fee shows no TK line', () => {
  expect(renderCard(option(['10:00 AM - 10:30 AM'], null)).queryByText(/TK/)).toBeNull()
})

test("a full day offers 'Notify me' for that treatment, or says the patient already waits", () => {
  const onNotify = vi.fn()
  const value = option([])
  render(<AppointmentOptionCard option={value} onBook={vi.fn()} onIntent={() => {}} onNotify={onNotify} />)
  fireEvent.click(screen.getByRole('button', { name: 'Notify me' }))
  expect(onNotify).toHaveBeenCalledWith(value)
  cleanup()

  render(
    <AppointmentOptionCard option={value} onBook={vi.fn()} onIntent={() => {}} onNotify={onNotify} waiting />,
  )
  expect(screen.getByText('You are on the waitlist for this day.')).toBeTruthy()
  expect(screen.queryByRole('button', { name: 'Notify me' })).toBeNull()
})

test("a day with free slots offers no 'Notify me'", () => {
  render(
    <AppointmentOptionCard
      option={option(['10:00 AM - 10:30 AM'])}
      onBook={vi.fn()}
      onIntent={() => {}}
      onNotify={vi.fn()}
    />,
  )
  expect(screen.queryByRole('button', { name: 'Notify me' })).toBeNull()
})
