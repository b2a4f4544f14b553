import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router'
import { queryClient } from '../lib/query-client'
import { createRoutes } from './routes'

/**
 * The router of the browser. Over a page the server rendered, the page's lazy routes are loaded
 * first: react-router would otherwise show their hydrate fallback, which is not what the server
 * sent, and React would throw the server's HTML away.
 */
export async function createAppRouter({ hydrating }: { hydrating: boolean }) {
  const routes = createRoutes(queryClient)
  if (hydrating) await loadMatchedRoutes(routes)
  return createBrowserRouter(routes)
}

async function loadMatchedRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      Object.assign(route, await route.lazy(), { lazy: undefined })
    }),
  )
}
