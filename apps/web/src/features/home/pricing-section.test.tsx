// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { renderPage } from '../../testing/render-page'
import { PricingSection } from './pricing-section'

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    if (url !== '/api/prices') throw new Error(`unexpected ${url}`)
    return Response.json({
      treatments: [
        { _id: 't1', name: 'Teeth Orthodontics', price: 1500 },
        { _id: 't2', name: 'Check-up', price: null },
      ],
    })
  })
  return () => vi.unstubAllGlobals()
})
afterEach(cleanup)

test('lists the treatments one can book with the fee in TK a patient pays, and no dollars', async () => {
  renderPage(<PricingSection />)
  const card = within(await screen.findByTestId('pricing-category'))
  const rows = card
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent])
  expect(rows).toEqual([
    ['Teeth Orthodontics', '1500 TK'],
    ['Check-up', 'No fee'],
  ])
  expect(screen.getByText(/in TK/)).toBeTruthy()
  expect(document.body.textContent).not.toMatch(/\$|dollar/i)
  expect(card.getByRole('link', { name: 'Book an appointment' }).getAttribute('href')).toBe('/appointment')
})
