import { defineConfig } from 'vite'

// The API is bundled by Vite as a Node (SSR) build: the same tsconfig path aliases as the web
// app and Vitest, npm dependencies left external, one file to start fast.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  build: {
    // Two entries: the server, and the operators' admin command (`npm run admin`).
    ssr: true,
    outDir: 'dist',
    target: 'node20',
    sourcemap: true,
    emptyOutDir: true,
    rollupOptions: {
      input: { server: 'src/server.ts', admin: 'src/admin.ts' },
      output: { entryFileNames: '[name].js' },
    },
  },
  logLevel: 'warn',
})
