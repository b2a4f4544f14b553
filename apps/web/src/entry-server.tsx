import type { PageDataEntry, PageHead, PageQuery, RenderedApp } from '@shared/page-data'
import { StrictMode } from 'react'
import { prerender } from 'react-dom/static.edge'
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router'
import { Providers } from './app/providers'
import { createRoutes } from './app/routes'
import { pageQueriesOf } from './lib/page-data'
import { createQueryClient } from './lib/query-client'
import { ServerPageHead } from './lib/use-page-title'

/*
 * The server's side of the public pages (decision 0043), built to dist-server/ and loaded by the
 * API at its first page request. The API asks which data a page shows, loads it from its own
 * routes, and renders the page with it. No loader runs: the dashboard's are never rendered here.
 */
const handler = createStaticHandler(createRoutes(createQueryClient()))

// A page whose code never settles is given up, and the browser renders it instead.
const RENDER_TIMEOUT_MS = 5_000

/** The data the page at `pathname` shows, as the routes' handles name it. */
export function pageQueries(pathname: string): PageQuery[] {
  const matches = matchRoutes(handler.dataRoutes, pathname) ?? []
  return pageQueriesOf(matches.map((match) => match.route.handle))
}

/** The page at `pathname` (what goes inside `#root`, and its title and description), showing `data`. */
export async function renderPage(pathname: string, data: readonly PageDataEntry[]): Promise<RenderedApp> {
  const context = await handler.query(new Request(new URL(pathname, 'http://page.invalid')))
  if (context instanceof Response) throw new Error(`A public page answered ${context.status}`)
  const queryClient = createQueryClient()
  for (const { queryKey, data: answer } of data) queryClient.setQueryData(queryKey, answer)
  const router = createStaticRouter(handler.dataRoutes, context)
  const head: PageHead = {}
  const { prelude } = await prerender(
    <StrictMode>
      <ServerPageHead value={head}>
        <Providers client={queryClient}>
          {/* Without hydration data: no loader ran, and an inline script would need the CSP's leave. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </ServerPageHead>
    </StrictMode>,
    // One piece: a boundary outlined to be streamed later would be put in place by an inline script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY, signal: AbortSignal.timeout(RENDER_TIMEOUT_MS) },
  )
  return { html: await new Response(prelude).text(), head }
}
