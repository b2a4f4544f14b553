import { expect, test } from 'vitest'
import { isAppRoute } from './app-routes'

test('the pages of the app are app routes, as react-router matches them', () => {
  for (const path of ['/', '/about', '/About/', '/dashboard', '/dashboard/payment/6f1c', '/login/device'])
    expect(isAppRoute(path), path).toBe(true)
})

test('anything else is not', () => {
  for (const path of ['/abuot', '/dashboard/payment', '/dashboard/payment/1/2', '/about/us', '/dashboards'])
    expect(isAppRoute(path), path).toBe(false)
})
