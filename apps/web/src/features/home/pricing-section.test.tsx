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
        { _id: 't1', name: 'Oral Surgery', price: 2500, category: 'Dental Surgery' },
        { _id: 't2', name: 'Teeth Orthodontics', price: 1500, category: 'Cosmetic' },
        { _id: 't3', name: 'Check-up', price: null, category: 'Dental Essentials' },
        { _id: 't4', name: 'Veneers', price: 9000, category: 'Cosmetic' },
      ],
    })
  })
  return () => vi.unstubAllGlobals()
})
afterEach(cleanup)

const rowsOf = (card: HTMLElement) =>
  within(card)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent])

test('groups the treatments one can book as the spec groups its prices, with the fee in TK, and no dollars', async () => {
  renderPage(<PricingSection />)
  await screen.findAllByTestId('pricing-category')
  const cards = screen.getAllByTestId('pricing-category')
  // The spec's order of groups; Hygiene has no treatment, so no card.
  expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
    'Dental Essentials',
    'Cosmetic',
    'Dental Surgery',
  ])
  expect(cards.map(rowsOf)).toEqual([
    [['Check-up', 'No fee']],
    [
      ['Teeth Orthodontics', '1500 TK'],
      ['Veneers', '9000 TK'],
    ],
    [['Oral Surgery', '2500 TK']],
  ])
  expect(screen.getByText(/in TK/)).toBeTruthy()
  expect(document.body.textContent).not.toMatch(/\$|dollar/i)
  expect(screen.getByRole('link', { name: 'Book an appointment' }).getAttribute('href')).toBe('/appointment')
})
