// `npm run dev`: Vite dev server with hot reload for the web app, the API rebuilt and restarted on change.
import { spawn } from 'node:child_process'
import { buildIfStale, root } from './lib/build-if-stale.mjs'

buildIfStale()

const children = [
  spawn('npx', ['vite', 'build', '--watch'], { cwd: `${root}/apps/api`, stdio: 'inherit' }),
  spawn('node', ['--watch', '--watch-preserve-output', 'apps/api/dist/server.js'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
    },
  }),
  spawn('npx', ['vite'], { cwd: `${root}/apps/web`, stdio: 'inherit' }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
