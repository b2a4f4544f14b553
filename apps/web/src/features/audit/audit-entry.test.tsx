// @vitest-environment jsdom
import type { AuditLogEntry } from '@shared/audit-log'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { AuditEntry } from './audit-entry'

afterEach(cleanup)

const entry: AuditLogEntry = {
  id: '41',
  at: '2026-06-10T04:05:06.000Z',
  event: 'attendance_marked',
  actor: { name: 'Clinic Admin', email: 'admin@clinic.test' },
  subject: 'pat@example.test',
  subjectName: 'Amina Rahman',
  address: '203.0.113.7',
  detail: { bookingId: '0b7f5c1e-3d4a-4b8e-9f10-2a3b4c5d6e7f', attendance: 'no_show' },
  booking: { treatment: 'Teeth Cleaning', date: '2026-06-10', slot: '10:00 AM - 10:30 AM' },
}

test("an entry reads as a sentence at its time on the clinic's clock", () => {
  render(<AuditEntry entry={entry} timeZone="Asia/Dhaka" />)
  const item = screen.getByRole('listitem')
  expect(item.querySelector('p')?.textContent).toBe(
    'Clinic Admin marked Amina Rahman as a no-show for Teeth Cleaning on Jun 10, 2026 at 10:00 AM - 10:30 AM.',
  )
  const time = screen.getByText('Jun 10, 2026, 10:05 AM')
  expect(time.getAttribute('datetime')).toBe('2026-06-10T04:05:06.000Z')
})

test('the raw entry, with its event key, ids, e-mails and detail, is behind a closed disclosure', () => {
  render(<AuditEntry entry={entry} timeZone="Asia/Dhaka" />)
  const details = screen.getByText('Show raw entry').closest('details')
  expect(details?.open).toBe(false)
  expect(JSON.parse(details?.querySelector('pre')?.textContent ?? '')).toEqual({
    id: '41',
    event: 'attendance_marked',
    actor: 'admin@clinic.test',
    subject: 'pat@example.test',
    address: '203.0.113.7',
    detail: entry.detail,
  })
})
