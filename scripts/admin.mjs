// `npm run admin -- promote EMAIL`: builds the API once if needed, then runs its admin command
// (apps/api/dist/admin.js) with the server's configuration and database.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { root } from './lib/build-if-stale.mjs'

const entry = path.join(root, 'apps/api/dist/admin.js')
if (!existsSync(entry)) {
  console.log('Building @portal/api…')
  const result = spawnSync('npm', ['run', 'build', '-w', '@portal/api'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
await import(pathToFileURL(entry).href)
