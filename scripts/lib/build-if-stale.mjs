import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

const builds = [
  {
    workspace: '@portal/web',
    // Built last: the renderer of the public pages, after the browser's app.
    output: 'apps/web/dist-server/entry-server.js',
    sources: ['apps/web', 'packages/shared/src'],
  },
  {
    workspace: '@portal/api',
    output: 'apps/api/dist/server.js',
    sources: ['apps/api/src', 'apps/api/drizzle', 'packages/shared/src'],
  },
]

/** Builds each app whose output is missing or older than its sources, so `npm start` is always current. */
export function buildIfStale() {
  for (const build of builds) {
    const output = path.join(root, build.output)
    const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0
    const changedAt = Math.max(...build.sources.map((dir) => newestMtime(path.join(root, dir))))
    if (builtAt >= changedAt) continue
    console.log(`Building ${build.workspace}…`)
    const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], { cwd: root, stdio: 'inherit' })
    if (result.status !== 0) process.exit(result.status ?? 1)
  }
}

function newestMtime(dir) {
  if (!existsSync(dir)) return 0
  let newest = statSync(dir).mtimeMs
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (
      entry.name === 'node_modules' ||
      entry.name === 'dist' ||
      entry.name === 'dist-server' ||
      entry.name.startsWith('.')
    )
      continue
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs)
  }
  return newest
}
