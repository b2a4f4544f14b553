// @vitest-environment jsdom
import { CARD_MESSAGES } from '@shared/payment-messages'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { SandboxCardFields } from './sandbox-card-fields'

afterEach(cleanup)

function renderFields() {
  const onReadyChange = vi.fn()
  const onEdit = vi.fn()
  render(<SandboxCardFields disabled={false} onReadyChange={onReadyChange} onEdit={onEdit} />)
  return { onReadyChange, onEdit }
}

function fill(label: string, value: string) {
  const input = screen.getByLabelText(label)
  fireEvent.change(input, { target: { value } })
  fireEvent.blur(input)
  return input
}

const messageOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ')

test('each wrong field says why at the field once left, and the card is not offered for payment', () => {
  const { onReadyChange } = renderFields()
  const number = fill('Card number', '4242 4242 4242 4241')
  const expiry = fill('Expiry (MM/YY)', '01/20')
  const cvc = fill('CVC', '12')
  expect(messageOf(number)).toBe(CARD_MESSAGES.invalidNumber)
  expect(messageOf(expiry)).toBe(CARD_MESSAGES.expired)
  expect(messageOf(cvc)).toBe(CARD_MESSAGES.invalidCvc)
  expect(number.getAttribute('aria-invalid')).toBe('true')
  expect(onReadyChange).toHaveBeenLastCalledWith(null)
})

test('a field still being typed in, or left empty, says nothing yet', () => {
  renderFields()
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242' } })
  fireEvent.blur(screen.getByLabelText('CVC'))
  expect(messageOf(screen.getByLabelText('Card number'))).toBe('')
  expect(messageOf(screen.getByLabelText('CVC'))).toBe('')
})

test('a good card is offered, and every change of it is told', () => {
  const { onReadyChange, onEdit } = renderFields()
  fill('Card number', '4242 4242 4242 4242')
  fill('Expiry (MM/YY)', '12/40')
  fill('CVC', '123')
  expect(onReadyChange).toHaveBeenLastCalledWith(expect.any(Function))
  expect(onEdit).toHaveBeenCalledTimes(3)
  expect(screen.queryByText(/invalid|past/)).toBeNull()
})
