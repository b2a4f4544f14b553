import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { type PreparedBody, prepareBody } from '../lib/prepared-body'

/** apps/web/route-preloads-plugin.ts: per route, the JavaScript its page needs beyond the entry. */
const ROUTE_PRELOADS_FILE = path.join('.vite', 'route-preloads.json')

/**
 * index.html as sent for a page the browser renders (the dashboard), with that page's own modules
 * named as modulepreload links: the browser fetches them alongside the entry, instead of learning
 * of them only once the entry has run and the router asked for the page. Built once per route.
 * Null when the build has no preload list; a route without its own modules gets null.
 */
export function createRouteShells(webDir: string) {
  const listFile = path.join(webDir, ROUTE_PRELOADS_FILE)
  if (!existsSync(listFile)) return null
  let loaded: Promise<{ html: string; preloads: Record<string, string[]> }> | undefined
  const shells = new Map<string, Promise<PreparedBody>>()

  return async function routeShell(route: string): Promise<PreparedBody | null> {
    loaded ??= Promise.all([
      readFile(path.join(webDir, 'index.html'), 'utf8'),
      readFile(listFile, 'utf8').then((text) => JSON.parse(text) as Record<string, string[]>),
    ]).then(([html, preloads]) => ({ html, preloads }))
    const { html, preloads } = await loaded
    const files = preloads[route]
    if (!files?.length) return null
    let shell = shells.get(route)
    if (!shell) {
      shell = withPreloads(html, files)
      shells.set(route, shell)
    }
    return shell
  }
}

function withPreloads(indexHtml: string, files: readonly string[]): Promise<PreparedBody> {
  // Low, as index.html's own (apps/web/scripts-after-styles-plugin.ts): the stylesheet comes first.
  const links = files
    .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`)
    .join('')
  return prepareBody(indexHtml.replace('</head>', `${links}</head>`))
}
