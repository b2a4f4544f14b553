// @vitest-environment jsdom
import type { AuditLogEntry } from '@shared/audit-log'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { AuditEntry } from './audit-entry'

afterEach(cleanup)

const entry = (overrides: Partial<AuditLogEntry>): AuditLogEntry => ({
  id: '1',
  at: '2026-06-10T04:05:06.000Z',
  event: 'attendance_marked',
  actor: { name: 'Clinic Admin', email: 'admin@clinic.test' },
  subject: 'pat@example.test',
  address: '203.0.113.7',
  detail: { bookingId: 'b-1', attendance: 'no_show' },
  ...overrides,
})

const terms = () =>
  Object.fromEntries(
    screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  )

test('an entry reads as what, when, by whom, about whom, from where, with its details', () => {
  render(<AuditEntry entry={entry({})} />)
  expect(screen.getByRole('heading').textContent).toBe('Attendance marked')
  expect(screen.getByText(/2026/).getAttribute('datetime')).toBe('2026-06-10T04:05:06.000Z')
  expect(terms()).toEqual({
    By: 'Clinic Admin (admin@clinic.test)',
    About: 'pat@example.test',
    From: '203.0.113.7',
    bookingId: 'b-1',
    attendance: 'no_show',
  })
})

test('an entry no account made is by the system; missing parts are left out', () => {
  render(<AuditEntry entry={entry({ actor: null, subject: null, address: null, detail: {} })} />)
  expect(terms()).toEqual({ By: 'system' })
})
