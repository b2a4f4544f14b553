import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort, spawnPinned, stop, waitForOk } from './processes.mjs'

export const repoRoot = path.resolve(import.meta.dirname, '../..')

export const newDataDir = () => mkdtemp(path.join(tmpdir(), 'portal-bench-'))

/** The production build on a data directory; `startMs` is spawn → first 200 from /api/health. */
export async function startPortal({ dataDir, env = {} } = {}) {
  const port = await freePort()
  const startedAt = performance.now()
  const child = spawnPinned([path.join(repoRoot, 'apps/api/dist/server.js')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
  })
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
