import { defineConfig } from 'vite'

// The API is bundled by Vite as a Node (SSR) build: the same tsconfig path aliases as the web
// app and Vitest, npm dependencies left external, one file to start fast.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  build: {
    ssr: 'src/server.ts',
    outDir: 'dist',
    target: 'node20',
    sourcemap: true,
    emptyOutDir: true,
    rollupOptions: { output: { entryFileNames: 'server.js' } },
  },
  logLevel: 'warn',
})
