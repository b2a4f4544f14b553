// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { WaitlistSummary } from './waitlist-summary'

afterEach(cleanup)

test('names each treatment with how many patients wait for it', () => {
  render(
    <WaitlistSummary
      waitlist={[
        { treatmentName: 'Teeth Orthodontics', waiting: 3 },
        { treatmentName: 'Oral Surgery', waiting: 1 },
      ]}
    />,
  )
  expect(screen.getByText(/^Waitlist:/).parentElement?.textContent).toBe(
    'Waitlist: Teeth Orthodontics (3 patients), Oral Surgery (1 patient)',
  )
})
