// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { SelectField, TextField } from './text-field'

afterEach(cleanup)

const description = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby')?.split(' ') ?? [])
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ')

test('an input is named by its label and described by its error, then its hint', () => {
  render(<TextField label="Password" type="password" error="Password is Required" hint="At least 8" />)
  const input = screen.getByLabelText('Password')
  expect(input.getAttribute('aria-invalid')).toBe('true')
  expect(description(input)).toBe('Password is Required | At least 8')
})

test('without an error or hint the input carries no aria state; a read-only value stays as given', () => {
  render(<TextField label="Email" value="pat@example.test" disabled />)
  const input = screen.getByLabelText('Email')
  expect(input.hasAttribute('aria-invalid')).toBe(false)
  expect(input.hasAttribute('aria-describedby')).toBe(false)
  expect(input).toHaveProperty('value', 'pat@example.test')
  expect(input).toHaveProperty('disabled', true)
})

test('a select is named by its label and offers each option as its own value', () => {
  render(<SelectField label="Time" options={['08:00 AM', '08:30 AM']} defaultValue="08:30 AM" />)
  const select = screen.getByRole('combobox', { name: 'Time' })
  expect([...select.querySelectorAll('option')].map((option) => option.value)).toEqual([
    '08:00 AM',
    '08:30 AM',
  ])
  expect(select).toHaveProperty('value', '08:30 AM')
})
