import { Link } from 'react-router'

/** "Home › {current}": the way back to the home page from an inner page's banner. */
export function Breadcrumbs({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs mb-2 text-sm">
      <ol>
        <li>
          <Link to="/" className="link link-primary">
            Home
          </Link>
        </li>
        <li aria-current="page" className="capitalize">
          {current}
        </li>
      </ol>
    </nav>
  )
}
