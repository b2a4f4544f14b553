// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, expect, test, vi } from 'vitest'
import { SiteFooter } from './site-footer'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function renderFooter() {
  render(
    <MemoryRouter>
      <SiteFooter />
    </MemoryRouter>,
  )
  return within(screen.getByRole('contentinfo'))
}

test('the footer links every service and oral-health topic somewhere in the app', () => {
  const footer = renderFooter()
  const names = [
    'Emergency Checkup',
    'Monthly Checkup',
    'Weekly Checkup',
    'Deep Checkup',
    'Fluoride Treatment',
    'Cavity Filling',
    'Teeth Whitening',
  ]
  for (const name of names) {
    const href = footer.getByRole('link', { name }).getAttribute('href')
    expect(href).toMatch(/^\/[a-z#]/)
  }
})

test('the footer shows the address, three labelled social buttons and the copyright', () => {
  const footer = renderFooter()
  expect(footer.getByText('New York - 101010 Hudson')).toBeTruthy()
  const social = footer.getAllByRole('link', { name: /on (Facebook|X|Instagram)/ })
  expect(social).toHaveLength(3)
  for (const link of social) expect(link.getAttribute('href')).toMatch(/^https:\/\//)
})

test('the copyright names the current year', () => {
  vi.useFakeTimers({ now: new Date(2031, 5, 1) })
  expect(renderFooter().getByText('Copyright 2031 All Rights Reserved')).toBeTruthy()
})
