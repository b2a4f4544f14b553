import { defineConfig } from 'vite'

// The API is bundled by Vite as a Node (SSR) build with the same tsconfig path aliases as the web
// app and Vitest. npm dependencies are bundled too: resolving and reading ~500 files took a
// third of the start (decision 0010). Left external: PGlite (loads its .wasm and .data files
// next to its own code), the argon2 native addon, and pg (loaded only on PostgreSQL, and it
// requires its optional native driver by name).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  ssr: {
    noExternal: true,
    external: ['@electric-sql/pglite', '@node-rs/argon2', 'pg'],
  },
  build: {
    // Three entries: the server, and the operators' admin and backup commands (`npm run admin`,
    // `npm run backup`, `npm run restore`).
    ssr: true,
    outDir: 'dist',
    target: 'node20',
    sourcemap: true,
    emptyOutDir: true,
    rollupOptions: {
      input: { server: 'src/server.ts', admin: 'src/admin.ts', backup: 'src/backup.ts' },
      output: { entryFileNames: '[name].js' },
    },
  },
  logLevel: 'warn',
})
