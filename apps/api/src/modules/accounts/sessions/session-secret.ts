import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * The key that signs access tokens: SESSION_SECRET when set (needed for several servers),
 * otherwise one generated on first start and kept in DATA_DIR so restarts keep sessions valid.
 */
export async function resolveSessionSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured
  const file = path.join(dataDir, 'session-secret')
  const existing = await readFile(file, 'utf8').catch(() => '')
  if (existing.trim().length >= 32) return existing.trim()
  await mkdir(dataDir, { recursive: true })
  const generated = randomBytes(48).toString('base64url')
  await writeFile(file, generated, { mode: 0o600 })
  return generated
}
