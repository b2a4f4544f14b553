import { closeSync, openSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort, spawnPinned, stop, waitForOk } from './processes.mjs'

export const repoRoot = path.resolve(import.meta.dirname, '../..')

const dataDirs = []

export async function newDataDir() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'))
  dataDirs.push(dataDir)
  return dataDir
}

/** A run writes a few hundred MB of access log into its data directories. */
export async function removeDataDirs() {
  await Promise.all(dataDirs.splice(0).map((dataDir) => rm(dataDir, { recursive: true, force: true })))
}

/**
 * The production build on a data directory, in its default configuration: LOG_LEVEL is left
 * alone, so every request pays for its access line, written as under a supervisor to a file
 * (`server.log` in the data directory). `startMs` is spawn → first 200 from /api/health.
 */
export async function startPortal({ dataDir, env = {} } = {}) {
  const port = await freePort()
  const log = openSync(path.join(dataDir, 'server.log'), 'a')
  const startedAt = performance.now()
  const child = spawnPinned([path.join(repoRoot, 'apps/api/dist/server.js')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', log, 'pipe'],
  })
  closeSync(log)
  let output = ''
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  const url = `http://127.0.0.1:${port}`
  const startMs = await waitForOk(`${url}/api/health`, startedAt, child).catch((error) => {
    throw new Error(`${error.message}\n${output}`)
  })
  return { url, pid: child.pid, startMs, stop: () => stop(child) }
}

/** The yardstick: a bare node:http server answering the same JSON as /api/health. */
export async function startBareNode() {
  const port = await freePort()
  const source = `
    const body = JSON.stringify({ status: 'ok', database: 'pglite' })
    require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) })
      res.end(body)
    }).listen(${port}, '127.0.0.1')`
  const child = spawnPinned(['-e', source], {})
  const url = `http://127.0.0.1:${port}`
  await waitForOk(url, performance.now(), child)
  return { url, pid: child.pid, stop: () => stop(child) }
}
