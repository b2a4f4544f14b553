import { useEffect } from 'react'
import { useRouteError } from 'react-router'
import { StatusScreen } from './status-screen'

/** Spec section 8: every route failure shows this screen; an unknown path has its own (decision 0027). */
export function ErrorScreen() {
  const error = useRouteError()

  useEffect(() => {
    if (error) console.error(error)
  }, [error])

  return (
    <StatusScreen
      title="Offline"
      heading="Looks like our services are currently offline"
      text="We could not open this page. Please try again in a moment, or head back to the homepage."
    />
  )
}
