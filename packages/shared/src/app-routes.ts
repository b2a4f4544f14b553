/*
 * Every page address of the web app, in one list for both apps: the server answers 404 to a page
 * address that is not here (decision 0027) and the web router is checked against it
 * (apps/web/src/app/routes.test.ts), so a page added to one and not the other fails a test.
 * Without zod, so that whatever reads it does not load the schemas' library.
 */

export const APP_ROUTES = [
  '/',
  '/about',
  '/appointment',
  '/reviews',
  '/team',
  '/contact',
  '/login',
  '/login/device',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/waitlist/offers/:id',
  '/dashboard',
  '/dashboard/payment/:id',
  '/dashboard/account',
  '/dashboard/users',
  '/dashboard/addadoctor',
  '/dashboard/managedoctors',
  '/dashboard/treatments',
  '/dashboard/agenda',
  '/dashboard/audit',
  '/dashboard/messages',
  '/dashboard/reviews',
] as const

/**
 * The public pages worth indexing, listed in sitemap.xml; the sign-in forms and the dashboard stay
 * out (robots.txt also disallows the dashboard and the API).
 */
export const SITEMAP_ROUTES = ['/', '/about', '/appointment', '/team', '/reviews', '/contact'] as const

/**
 * The pages the server renders to HTML (decision 0043): the public pages, whose content is the
 * same for every visitor. The rest (the dashboard, the links from mails) are rendered in the browser.
 */
export const SERVER_RENDERED_ROUTES = [
  '/',
  '/about',
  '/appointment',
  '/team',
  '/reviews',
  '/contact',
  '/login',
  '/register',
] as const

const segmentsOf = (path: string) => path.split('/').filter(Boolean)

/**
 * The route of APP_ROUTES the router shows at `pathname` (as written there, e.g.
 * '/dashboard/payment/:id'), or undefined. As react-router matches: letters in any case, a
 * trailing slash allowed, a `:param` any one segment.
 */
export function appRouteOf(pathname: string): string | undefined {
  const asked = segmentsOf(pathname.toLowerCase())
  return APP_ROUTES.find((route) => {
    const wanted = segmentsOf(route)
    return (
      wanted.length === asked.length &&
      wanted.every((segment, i) => segment.startsWith(':') || segment === asked[i])
    )
  })
}

/** Whether the router shows a page at `pathname`. */
export const isAppRoute = (pathname: string): boolean => appRouteOf(pathname) !== undefined
