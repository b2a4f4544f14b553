import { type Location, Outlet, ScrollRestoration } from 'react-router'
import { ErrorScreen } from '../../components/error-screen'

/*
 * Scroll positions are kept per history entry. The entry a full page load opens has the key
 * 'default' in every document of the tab, so by that key a freshly loaded page would be scrolled
 * to where another page (an earlier document) was left; by its path only its own reload is.
 */
const scrollKey = (location: Location) => (location.key === 'default' ? location.pathname : location.key)

export function RootLayout() {
  return (
    <>
      <ScrollRestoration getKey={scrollKey} />
      <Outlet />
    </>
  )
}

/** Used when the layouts themselves fail, so it stands alone without navigation or footer. */
export function RootError() {
  return (
    <main className="flex min-h-screen items-center">
      <ErrorScreen />
    </main>
  )
}
