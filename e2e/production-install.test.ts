import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'
import { repoRoot, startServer } from './support/server'

const run = promisify(execFile)

/**
 * What the README's "Going to production" copies to the server, in its order: the manifests, the
 * build, the settings' template and the deploy files; no source.
 */
const SHIPPED = [
  'package.json',
  'package-lock.json',
  'apps/api/package.json',
  'apps/web/package.json',
  'packages/shared/package.json',
  'apps/api/dist',
  'apps/api/drizzle',
  'apps/api/seed',
  'apps/web/dist',
  'apps/web/dist-server',
  '.env.example',
  'deploy',
]

// The install reaches the npm registry (or npm's cache) for ~150 packages: a minute or two.
test('the build runs from `npm ci --omit=dev` in a copy of only what it needs, with no dev dependency', {
  timeout: 300_000,
}, async () => {
  const install = await mkdtemp(path.join(tmpdir(), 'portal-install-'))
  try {
    const archive = path.join(install, 'doctors-portal.tar.gz')
    await run('tar', ['czf', archive, ...SHIPPED], { cwd: repoRoot })
    await run('tar', ['xzf', archive], { cwd: install })
    await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], {
      cwd: install,
      maxBuffer: 16 * 1024 * 1024,
    })
    for (const devOnly of ['vite', 'vitest', 'typescript', 'drizzle-kit']) {
      expect(existsSync(path.join(install, 'node_modules', devOnly)), devOnly).toBe(false)
    }
    expect(existsSync(path.join(install, 'apps/api/src')), 'sources are not shipped').toBe(false)

    const server = await startServer({ root: install, env: { NODE_ENV: 'production' } })
    try {
      const home = await fetch(`${server.url}/`)
      expect(home.status).toBe(200)
      expect(await home.text()).toContain('<div id="root"')
      const specialties = await fetch(`${server.url}/api/appointmentSpecialty`)
      expect(specialties.status).toBe(200)
      expect((await specialties.json()).specialty).toHaveLength(6)
      // The README's backup command of an installed server, while it runs.
      const backup = await run(
        process.execPath,
        ['apps/api/dist/backup.js', 'backup', path.join(install, 'backup.tar.gz')],
        {
          cwd: install,
          env: { ...process.env, DATA_DIR: server.dataDir },
        },
      )
      expect(backup.stdout).toMatch(/^Wrote .*backup\.tar\.gz \(.* MB\) from the running server/)
    } finally {
      expect(await server.stop()).toBe(0)
    }
  } finally {
    await rm(install, { recursive: true, force: true })
  }
})
