// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { renderPage } from '../../testing/render-page'
import { GoogleSignIn } from './google-button'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderWithGoogle(google: boolean) {
  const providers = vi.fn(async () => new Response(JSON.stringify({ google })))
  vi.stubGlobal('fetch', providers)
  renderPage(
    <main>
      <GoogleSignIn returnTo="/" />
    </main>,
  )
  return providers
}

test('with Google configured, OR and CONTINUE WITH GOOGLE show', async () => {
  renderWithGoogle(true)
  expect(await screen.findByRole('button', { name: 'CONTINUE WITH GOOGLE' })).toBeTruthy()
  expect(screen.getByText('OR')).toBeTruthy()
})

test('without Google, neither shows', async () => {
  const providers = renderWithGoogle(false)
  await vi.waitFor(() => expect(providers).toHaveBeenCalled())
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(screen.queryByRole('button', { name: 'CONTINUE WITH GOOGLE' })).toBeNull()
  expect(screen.queryByText('OR')).toBeNull()
})
