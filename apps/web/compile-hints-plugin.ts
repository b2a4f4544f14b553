import path from 'node:path'
import type { Plugin } from 'vite'
import { chunkGraph } from './chunk-graph.ts'

/** V8's explicit compile hint (Chrome 136+); it counts only as a file's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/**
 * Starts with V8's compile hint every chunk a page runs as it starts: the entry's chunks, and each
 * page of `routeTable` (a source file whose dynamic imports are the pages) with what it imports
 * statically. Chrome then compiles them whole on its script-streaming thread, as they download,
 * instead of function by function on the main thread while the page hydrates (decision 0067).
 * What a page loads only when opened (a lightbox, a dialog) keeps compiling lazily: eager code
 * that never runs would only cost memory.
 */
export function compileHints(routeTable: string): Plugin {
  let root = ''
  return {
    name: 'portal:compile-hints',
    apply: 'build',
    // After Vite's own generateBundle, which puts its preload helper's map at a chunk's top.
    enforce: 'post',
    configResolved(config) {
      root = config.root
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const { chunks, byFile, staticClosure } = chunkGraph(bundle)
        const table = chunks.find((chunk) =>
          chunk.moduleIds.some((id) => path.relative(root, id) === routeTable),
        )
        if (!table) throw new Error(`compile-hints: no chunk holds ${routeTable}`)
        const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName)
        for (const file of staticClosure([...entries, ...table.dynamicImports])) {
          const chunk = byFile.get(file)
          if (chunk && !chunk.code.startsWith(COMPILE_HINT)) chunk.code = COMPILE_HINT + chunk.code
        }
      },
    },
  }
}
