import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { root } from './build-if-stale.mjs'

/** Runs an operators' command built into apps/api/dist (building the API once if it is missing). */
export async function runApiCommand(entryName) {
  const entry = path.join(root, 'apps/api/dist', `${entryName}.js`)
  if (!existsSync(entry)) {
    console.log('Building @portal/api…')
    const result = spawnSync('npm', ['run', 'build', '-w', '@portal/api'], { cwd: root, stdio: 'inherit' })
    if (result.status !== 0) process.exit(result.status ?? 1)
  }
  await import(pathToFileURL(entry).href)
}
