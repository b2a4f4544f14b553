// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { renderPage } from '../../testing/render-page'
import { ContactForm } from './contact-form'

let bodies: unknown[]
let answer: () => Response

beforeEach(() => {
  bodies = []
  answer = () => Response.json({ message: 'Thank you! Your message was sent.' }, { status: 201 })
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    bodies.push(JSON.parse(String(init.body)))
    return answer()
  })
  return () => vi.unstubAllGlobals()
})
afterEach(cleanup)

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } })

function fillForm() {
  fill('Email', ' Visitor@Example.test ')
  fill('Subject', 'Sunday hours')
  fill('Message', 'Do you open on Sundays?')
}

const typedIn = (label: string) => (screen.getByRole('textbox', { name: label }) as HTMLTextAreaElement).value

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }))

test('sends the three fields, says so, and empties the form', async () => {
  renderPage(<ContactForm />)
  fillForm()
  submit()
  expect((await screen.findByRole('status')).textContent).toContain('Thank you! Your message was sent.')
  expect(bodies).toEqual([
    { email: 'visitor@example.test', subject: 'Sunday hours', message: 'Do you open on Sundays?' },
  ])
  await waitFor(() => expect(typedIn('Message')).toBe(''))
})

test('an empty form is not sent: each field says what it needs', async () => {
  renderPage(<ContactForm />)
  submit()
  await screen.findByText('Email is Required')
  screen.getByText('Subject is Required')
  screen.getByText('Message is Required')
  expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true')
  expect(bodies).toEqual([])
})

test("a refusal shows the server's message with the phone and e-mail, and keeps what was typed", async () => {
  answer = () =>
    Response.json({ code: 'RATE_LIMITED', message: 'Please try again in 1 hour.' }, { status: 429 })
  renderPage(<ContactForm />)
  fillForm()
  submit()
  const notice = await screen.findByRole('status')
  expect(notice.textContent).toContain('Please try again in 1 hour.')
  expect(notice.querySelector('a[href^="tel:"]')).not.toBeNull()
  expect(notice.querySelector('a[href^="mailto:"]')).not.toBeNull()
  expect(typedIn('Message')).toBe('Do you open on Sundays?')
})
