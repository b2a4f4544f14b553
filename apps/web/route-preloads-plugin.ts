import path from 'node:path'
import type { Plugin } from 'vite'
import { chunkGraph } from './chunk-graph.ts'

/** Where the list is written, beside Vite's manifest; the API reads it (plugins/web-app.ts). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json'

/**
 * Writes, for each route of `routes` (route → its lazy modules, as ROUTE_MODULES), the JavaScript
 * files its modules need beyond what index.html loads already: their chunks and every chunk they
 * import statically. The server names them as modulepreload links in the page it sends for the
 * route, so a patient's browser fetches the page's code alongside the entry, not after it.
 */
export function routePreloads(routes: Record<string, readonly string[]>): Plugin {
  let root = ''
  return {
    name: 'portal:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    generateBundle(_options, bundle) {
      const { chunks, staticClosure } = chunkGraph(bundle)
      const entry = staticClosure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName))
      const chunkOf = (module: string) => {
        const found = chunks.find(
          (chunk) => chunk.facadeModuleId && path.relative(root, chunk.facadeModuleId) === module,
        )
        if (!found) throw new Error(`route-preloads: no chunk of ${module}`)
        return found.fileName
      }
      const preloads = Object.fromEntries(
        Object.entries(routes).map(([route, modules]) => [
          route,
          [...staticClosure(modules.map(chunkOf), entry)],
        ]),
      )
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads) })
    },
  }
}
