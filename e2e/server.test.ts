import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { repoRoot, startServer, tempDataDir } from './support/server'

describe('the production server', () => {
  test('restarts on its data directory, keeps its data and shuts down cleanly on SIGTERM', async () => {
    const dataDir = await tempDataDir()
    const first = await startServer({ dataDir })
    const health = await fetch(`${first.url}/api/health`).then((res) => res.json())
    expect(health).toEqual({ status: 'ok', database: 'pglite' })
    const specialties = await fetch(`${first.url}/api/appointmentSpecialty`)
    expect(specialties.status).toBe(200)
    const treatments = await specialties.text()
    expect(JSON.parse(treatments).specialty).toHaveLength(6)
    expect(await first.stop()).toBe(0)
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false)

    const second = await startServer({ dataDir })
    expect(await fetch(`${second.url}/api/appointmentSpecialty`).then((res) => res.text())).toBe(treatments)
    expect(await second.stop()).toBe(0)
  })

  test('a second server on the same data directory refuses to start with a clear message', async () => {
    const first = await startServer()
    try {
      const second = spawnSync(process.execPath, ['apps/api/dist/server.js'], {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: first.dataDir, PORT: '0' },
        encoding: 'utf8',
        timeout: 20_000,
      })
      expect(second.status).toBe(1)
      expect(second.stderr.trim()).toMatch(/^The data directory .* is in use by another server \(pid \d+\)/)
      expect(await fetch(`${first.url}/api/health`).then((res) => res.status)).toBe(200)
    } finally {
      await first.stop()
    }
  })

  test('a wrong configuration value stops the start with one line naming the variable', () => {
    const result = spawnSync(process.execPath, ['apps/api/dist/server.js'], {
      cwd: repoRoot,
      env: { ...process.env, CLINIC_TIMEZONE: 'Atlantis/Nowhere' },
      encoding: 'utf8',
    })
    expect(result.status).toBe(1)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toMatch(/^Invalid configuration: CLINIC_TIMEZONE /)
  })
})
