import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { chunkModules } from './chunk-modules-plugin.ts'
import { precompress } from './precompress-plugin.ts'
import { ROUTE_MODULES } from './route-modules.mjs'
import { routePreloads } from './route-preloads-plugin.ts'
import { scriptsAfterStyles } from './scripts-after-styles-plugin.ts'
import { siteFiles } from './site-files-plugin.ts'

const zodWithoutEval = fileURLToPath(new URL('./src/lib/zod-without-eval.ts', import.meta.url))

/*
 * Two builds: the browser's app in dist/, and with `--ssr` the server's renderer of the public
 * pages in dist-server/ (src/entry-server.tsx, decision 0043), bundled whole like the API so that a
 * production install needs no React of its own.
 */
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        plugins: [react(), tailwindcss()],
        resolve: { tsconfigPaths: true },
        ssr: { noExternal: true },
        build: { outDir: 'dist-server', emptyOutDir: true, target: 'node20', copyPublicDir: false },
        logLevel: 'warn',
      }
    : {
        plugins: [
          react(),
          tailwindcss(),
          siteFiles(),
          chunkModules(),
          routePreloads(ROUTE_MODULES),
          scriptsAfterStyles(),
          precompress(),
        ],
        resolve: {
          tsconfigPaths: true,
          // The browser's zod never reaches for `eval`, which the site's policy refuses.
          alias: [{ find: /^zod$/, replacement: zodWithoutEval }],
        },
        server: {
          proxy: { '/api': 'http://127.0.0.1:3000' },
        },
        // The manifest and the chunk list tell the build test what each route downloads.
        build: { outDir: 'dist', manifest: true },
      },
)
