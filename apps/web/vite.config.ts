import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { chunkModules } from './chunk-modules-plugin.ts'
import { precompress } from './precompress-plugin.ts'
import { siteFiles } from './site-files-plugin.ts'

export default defineConfig({
  plugins: [react(), tailwindcss(), siteFiles(), chunkModules(), precompress()],
  resolve: { tsconfigPaths: true },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  // The manifest and the chunk list tell the build test what each route downloads.
  build: { outDir: 'dist', manifest: true },
})
