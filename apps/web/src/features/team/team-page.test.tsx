// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { renderPage } from '../../testing/render-page'
import { TeamPage } from './team-page'

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    if (url !== '/api/team') throw new Error(`unexpected ${url}`)
    return Response.json({
      doctors: [
        { _id: 'd1', name: 'Dr. Amina Rahman', specialty: 'Oral Surgery', image: '/uploads/a.webp' },
        { _id: 'd2', name: 'Dr. Nusrat Jahan', specialty: 'Teeth Cleaning', image: '/uploads/b.webp' },
      ],
    })
  })
  return () => vi.unstubAllGlobals()
})
afterEach(cleanup)

test('shows each doctor the admins keep, with photo, name, specialty and four social buttons', async () => {
  renderPage(<TeamPage />, { at: '/team' })
  const cards = await screen.findAllByTestId('doctor-card')
  const shown = cards.map((card) => {
    const inCard = within(card)
    return {
      name: inCard.getByRole('heading', { level: 3 }).textContent,
      specialty: card.querySelector('p')?.textContent,
      photo: inCard.getByRole('img', { name: /^Portrait of / }).getAttribute('src'),
      socials: inCard.getAllByRole('link').length,
    }
  })
  expect(shown).toEqual([
    { name: 'Dr. Amina Rahman', specialty: 'Oral Surgery', photo: '/uploads/a.webp', socials: 4 },
    { name: 'Dr. Nusrat Jahan', specialty: 'Teeth Cleaning', photo: '/uploads/b.webp', socials: 4 },
  ])
})

test('a stored photo offers its narrower copies, so a small card downloads a small file (decision 0041)', async () => {
  const stored = `/uploads/${'0a'.repeat(16)}.webp`
  vi.stubGlobal('fetch', async () =>
    Response.json({
      doctors: [{ _id: 'd1', name: 'Dr. Amina Rahman', specialty: 'Oral Surgery', image: stored }],
    }),
  )
  renderPage(<TeamPage />, { at: '/team' })
  const photo = within(await screen.findByTestId('doctor-card')).getByRole('img', { name: /^Portrait of / })
  const stem = `/uploads/${'0a'.repeat(16)}`
  expect(photo.getAttribute('srcset')).toBe(`${stem}w320.webp 320w, ${stem}w640.webp 640w, ${stored} 1024w`)
  expect(photo.getAttribute('sizes')).toMatch(/^\(min-width: 1280px\) 286px, .*calc\(100vw - 32px\)$/)
})
