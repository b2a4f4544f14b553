import { StatusScreen } from './status-screen'

/**
 * An address that is no page of the app. The spec shows its offline screen here too, which makes a
 * mistyped link look like an outage (decision 0027); the server answers these addresses with 404.
 */
export function NotFoundScreen() {
  return (
    <StatusScreen
      title="Page not found"
      heading="Page not found"
      text="There is no page at this address. The link may be mistyped or out of date."
    />
  )
}
