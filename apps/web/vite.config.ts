import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { chunkModules } from './chunk-modules-plugin.ts'
import { compileHints } from './compile-hints-plugin.ts'
import { precompress } from './precompress-plugin.ts'
import { reactSentinels } from './react-sentinels-plugin.ts'
import { ROUTE_MODULES } from './route-modules.mjs'
import { routePreloads } from './route-preloads-plugin.ts'
import { scriptsAfterStyles } from './scripts-after-styles-plugin.ts'
import { siteFiles } from './site-files-plugin.ts'

const zodWithoutEval = fileURLToPath(new URL('./src/lib/zod-without-eval.ts', import.meta.url))

/*
 * React Router 7's exports name only its development build, with its warnings and checks, in every
 * condition (remix-run/react-router#14753, fixed in 8); a build takes the production build it
 * ships beside it (decision 0065). The dev server keeps the warnings.
 */
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
)
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
]

/*
 * Two builds: the browser's app in dist/, and with `--ssr` the server's renderer of the public
 * pages in dist-server/ (src/entry-server.tsx, decision 0043), bundled whole like the API so that a
 * production install needs no React of its own.
 */
export default defineConfig(({ command, isSsrBuild }) =>
  isSsrBuild
    ? {
        plugins: [react(), tailwindcss()],
        resolve: { tsconfigPaths: true, alias: reactRouterProduction },
        ssr: { noExternal: true },
        build: { outDir: 'dist-server', emptyOutDir: true, target: 'node20', copyPublicDir: false },
        logLevel: 'warn',
      }
    : {
        plugins: [
          react(),
          reactSentinels(),
          tailwindcss(),
          siteFiles(),
          chunkModules(),
          routePreloads(ROUTE_MODULES),
          compileHints('src/app/routes.tsx'),
          scriptsAfterStyles(),
          precompress(),
        ],
        resolve: {
          tsconfigPaths: true,
          // The browser's zod never reaches for `eval`, which the site's policy refuses.
          alias: [
            { find: /^zod$/, replacement: zodWithoutEval },
            ...(command === 'build' ? reactRouterProduction : []),
          ],
        },
        server: {
          proxy: { '/api': 'http://127.0.0.1:3000' },
        },
        // The manifest and the chunk list tell the build test what each route downloads.
        build: { outDir: 'dist', manifest: true },
      },
)
