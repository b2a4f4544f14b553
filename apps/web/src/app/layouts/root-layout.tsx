import { Outlet, ScrollRestoration } from 'react-router'
import { ErrorScreen } from '../../components/error-screen'

export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
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
