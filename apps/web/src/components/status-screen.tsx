import { House } from 'lucide-react'
import { Link } from 'react-router'
import { usePageTitle } from '../lib/use-page-title'
import { ToothLogo } from './tooth-logo'

/** A whole-page message with the way home: the offline screen and Page not found. */
export function StatusScreen({ title, heading, text }: { title: string; heading: string; text: string }) {
  usePageTitle(title)
  return (
    <section className="flex min-h-[70vh] items-center justify-center px-4 py-16">
      <div className="max-w-lg text-center">
        <ToothLogo className="mx-auto size-16" />
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-base-content md:text-4xl">{heading}</h1>
        <p className="mt-4 text-lg text-base-content/80">{text}</p>
        <Link to="/" className="btn btn-primary mt-8">
          <House className="size-5" aria-hidden="true" />
          Back to homepage
        </Link>
      </div>
    </section>
  )
}
