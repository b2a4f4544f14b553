import path from 'node:path'
import type { Plugin } from 'vite'

/** Where the list is written, beside Vite's manifest; the build test reads it. */
export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json'

/**
 * Writes which of our source files each JavaScript chunk holds, keyed by the chunk's file, so the
 * build test can tell what a route downloads (Vite's manifest names a chunk's imports, not its
 * modules). Paths are relative to the web app's root, as in the manifest.
 */
export function chunkModules(): Plugin {
  let root = ''
  return {
    name: 'portal:chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {}
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        modules[output.fileName] = output.moduleIds
          .filter((id) => id.startsWith(root) && !id.includes('node_modules'))
          .map((id) => path.relative(root, id))
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: JSON.stringify(modules) })
    },
  }
}
