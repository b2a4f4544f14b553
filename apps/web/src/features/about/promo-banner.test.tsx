// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { renderPage } from '../../testing/render-page'
import { PromoBanner } from './promo-banner'

const offer = (treatments: { _id: string; name: string; price: number | null }[]) =>
  vi.stubGlobal('fetch', async () => Response.json({ treatments }))

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

test('names the clinic’s cleaning and the fee a patient pays for it', async () => {
  offer([
    { _id: 't1', name: 'Teeth Orthodontics', price: 1500 },
    { _id: 't2', name: 'Teeth Cleaning', price: 800 },
  ])
  renderPage(<PromoBanner />)
  expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Teeth Cleaning')
  expect(screen.getByText('800 TK')).toBeTruthy()
  expect(screen.getByRole('link', { name: 'Book Now' }).getAttribute('href')).toBe('/appointment')
})

test('once the cleaning is no longer offered, it offers the clinic’s first treatment', async () => {
  offer([{ _id: 't1', name: 'Teeth Orthodontics', price: 1500 }])
  renderPage(<PromoBanner />)
  expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Teeth Orthodontics')
  expect(screen.getByText('1500 TK')).toBeTruthy()
})
