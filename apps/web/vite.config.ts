import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompress } from './precompress-plugin.ts'
import { siteFiles } from './site-files-plugin.ts'

export default defineConfig({
  plugins: [react(), tailwindcss(), siteFiles(), precompress()],
  resolve: { tsconfigPaths: true },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: { outDir: 'dist' },
})
