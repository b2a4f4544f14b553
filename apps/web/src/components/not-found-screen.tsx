import { House } from 'lucide-react'
import { Link } from 'react-router'
import { usePageTitle } from '../lib/use-page-title'
import { ToothLogo } from './tooth-logo'

/**
 * An address that is no page of the app. The spec shows its offline screen here too, which makes a
 * mistyped link look like an outage (decision 0027); the server answers these addresses with 404.
 */
export function NotFoundScreen() {
  usePageTitle('Page not found')
  return (
    <section className="flex min-h-[70vh] items-center justify-center px-4 py-16">
      <div className="max-w-lg text-center">
        <ToothLogo className="mx-auto size-16" />
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-base-content md:text-4xl">
          Page not found
        </h1>
        <p className="mt-4 text-lg text-base-content/80">
          There is no page at this address. The link may be mistyped or out of date.
        </p>
        <Link to="/" className="btn btn-primary mt-8">
          <House className="size-5" aria-hidden="true" />
          Back to homepage
        </Link>
      </div>
    </section>
  )
}
