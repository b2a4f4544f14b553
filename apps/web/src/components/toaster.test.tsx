// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import toast from 'react-hot-toast/headless'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { Toaster } from './toaster'

beforeEach(() => {
  vi.useFakeTimers()
  render(<Toaster />)
})
afterEach(() => {
  act(() => toast.remove())
  cleanup()
  vi.useRealTimers()
})

const notifications = () => screen.getByRole('region', { name: 'Notifications' })
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms))

test('a confirmation is still there after 4 s, and gone some seconds later', () => {
  act(() => void toast.success('Booking Confirmed 🎉'))
  wait(4500)
  expect(notifications().textContent).toContain('Booking Confirmed 🎉')
  wait(60_000)
  expect(notifications().textContent).not.toContain('Booking Confirmed 🎉')
})

test('an error stays until its close button is pressed', () => {
  act(() => void toast.error('This slot was just booked.'))
  wait(10 * 60_000)
  expect(notifications().textContent).toContain('This slot was just booked.')
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }))
  expect(notifications().textContent).not.toContain('This slot was just booked.')
})

test('a confirmation does not run out while the pointer or the focus is on it', () => {
  act(() => void toast.success('Doctor Removed!'))
  fireEvent.mouseEnter(notifications())
  wait(60_000)
  expect(notifications().textContent).toContain('Doctor Removed!')
  fireEvent.focus(screen.getByRole('button', { name: 'Dismiss notification' }))
  fireEvent.mouseLeave(notifications())
  wait(60_000)
  expect(notifications().textContent).toContain('Doctor Removed!')
  fireEvent.blur(screen.getByRole('button', { name: 'Dismiss notification' }))
  wait(60_000)
  expect(notifications().textContent).not.toContain('Doctor Removed!')
})

test('the toasts sit in one live region that is there before the first toast', () => {
  const region = notifications().querySelector('[aria-live="polite"]')
  expect(region).not.toBeNull()
  act(() => void toast.success('Admin Make Successfully'))
  expect(notifications().querySelector('[aria-live="polite"]')).toBe(region)
  expect(region?.textContent).toContain('Admin Make Successfully')
  expect(notifications().querySelectorAll('[aria-live], [role="status"], [role="alert"]')).toHaveLength(1)
})
