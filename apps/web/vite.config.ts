import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompress } from './precompress-plugin.ts'

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { tsconfigPaths: true },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: { outDir: 'dist' },
})
