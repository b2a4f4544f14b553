import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * A path inside the API package (apps/api), found the same way from the sources under `src/`
 * and from the bundle under `dist/`.
 */
export function packagePath(...parts: string[]): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('apps/api/package.json not found')
    dir = parent
  }
  return path.join(dir, ...parts)
}
