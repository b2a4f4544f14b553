// @vitest-environment jsdom
import type { AuthUser } from '@shared/accounts'
import { PHONE_MESSAGES } from '@shared/phone'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { renderPage } from '../../testing/render-page'
import { BookingForm } from './booking-form'

const user = { uid: 'u1', displayName: 'Amina Rahman', email: 'amina@example.test' } as AuthUser
const option = { _id: 't1', name: 'Teeth Cleaning', slots: ['10:00 AM - 10:30 AM'], price: 800 }

let posted: unknown[]
beforeEach(() => {
  posted = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url !== '/api/bookings') throw new Error(`unexpected ${url}`)
    posted.push(JSON.parse(String(init.body)))
    return Response.json({ bookings: { acknowledged: true, insertedId: 'b1' } }, { status: 201 })
  })
  return () => vi.unstubAllGlobals()
})
afterEach(cleanup)

function fillPhoneAndSubmit(phone: string) {
  const onClose = vi.fn()
  renderPage(<BookingForm option={option} date="2026-06-12" user={user} onClose={onClose} />)
  fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: phone } })
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
  return onClose
}

test('text that is no phone number is refused at the field, and nothing is sent', async () => {
  fillPhoneAndSubmit('abc')
  expect(await screen.findByText(PHONE_MESSAGES.invalid)).toBeTruthy()
  expect(screen.getByLabelText('Phone Number').getAttribute('aria-invalid')).toBe('true')
  expect(posted).toEqual([])
})

test('a number written as in Bangladesh is sent in E.164', async () => {
  const onClose = fillPhoneAndSubmit('01712-345678')
  await waitFor(() => expect(onClose).toHaveBeenCalled())
  expect(posted).toEqual([expect.objectContaining({ phone: '+8801712345678', slot: '10:00 AM - 10:30 AM' })])
})
