import { House } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useRouteError } from 'react-router'
import { usePageTitle } from '../lib/use-page-title'
import { ToothLogo } from './tooth-logo'

/** Spec section 8: every route failure shows this screen; an unknown path has its own (decision 0027). */
export function ErrorScreen() {
  const error = useRouteError()
  usePageTitle('Offline')

  useEffect(() => {
    if (error) console.error(error)
  }, [error])

  return (
    <section className="flex min-h-[70vh] items-center justify-center px-4 py-16">
      <div className="max-w-lg text-center">
        <ToothLogo className="mx-auto size-16" />
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-base-content md:text-4xl">
          Looks like our services are currently offline
        </h1>
        <p className="mt-4 text-lg text-base-content/80">
          We could not open this page. Please try again in a moment, or head back to the homepage.
        </p>
        <Link to="/" className="btn btn-primary mt-8">
          <House className="size-5" aria-hidden="true" />
          Back to homepage
        </Link>
      </div>
    </section>
  )
}
