import { closeSync, openSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort, spawnPinned, stop, waitForOk } from './processes.mjs'

export const repoRoot = path.resolve(import.meta.dirname, '../..')

const dataDirs = []

/**
 * The Node flags the server runs with in production (deploy/doctors-portal.service):
 * - `--max-semi-space-size=8` (decision 0031): Node 24 sizes the young generation several times
 *   larger than Node 20 did, which took a PGlite server past its 400 MB budget.
 * - `--v8-pool-size=1` (decision 0074): one background thread for V8, not four. Four let three
 *   compiles of PostgreSQL's largest WebAssembly functions share the server's core with the
 *   event loop at once; with one, the start and a new server's first race were faster.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--v8-pool-size=1']

/**
 * The C allocator's setting the server runs with in production (deploy/doctors-portal.service;
 * decision 0039): blocks above 128 KB are always mapped and given back when freed. glibc's default
 * raises that bound to the largest block freed so far (up to 32 MB), after which the large buffers
 * of PGlite's start stay in the process's heap for good: ~100 MB of RSS on Node 24.
 */
export const SERVER_ENV = { GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=131072' }

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
 * @param {{ dataDir: string, env?: Record<string, string>, port?: number, root?: string }} options
 */
export async function startPortal(options) {
  const portal = await launchPortal(options)
  const startMs = await portal.healthy
  return { ...portal, startMs }
}

/**
 * The server's first seconds are not its steady state: V8 still compiles PGlite's hot functions,
 * and the work it does after listening (lib/after-listening.ts) runs two seconds in. Throughput
 * scenarios start after this; the start itself is measured apart. Then each server renders two
 * public pages, as one in use has done before most of its API requests: a render can leave the
 * whole process slower (decision 0078), and the API's rows measure the server patients meet.
 * @param {...{ url: string }} portals
 */
export async function settleAfterStart(...portals) {
  await new Promise((resolve) => setTimeout(resolve, 3_000))
  for (const portal of portals)
    for (const page of ['/', '/about']) {
      const res = await fetch(`${portal.url}${page}`)
      await res.text()
      if (!res.ok) throw new Error(`${page} answered ${res.status}`)
    }
}

/**
 * Spawns the server without waiting for it (`healthy` resolves with the start's milliseconds):
 * a crash test kills it mid-start. `port` keeps one address across restarts; `root` is the
 * checkout whose build runs (another commit's, for `npm run bench -- --baseline REF`).
 * @param {{ dataDir: string, env?: Record<string, string>, port?: number, root?: string }} options
 */
export async function launchPortal({ dataDir, env = {}, port, root = repoRoot }) {
  const listenOn = port ?? (await freePort())
  const log = openSync(path.join(dataDir, 'server.log'), 'a')
  const startedAt = performance.now()
  const child = spawnPinned([...SERVER_NODE_FLAGS, path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: { ...process.env, ...SERVER_ENV, PORT: String(listenOn), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', log, 'pipe'],
  })
  closeSync(log)
  let output = ''
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)))
  const url = `http://127.0.0.1:${listenOn}`
  const healthy = waitForOk(`${url}/api/health`, startedAt, child).catch((error) => {
    throw new Error(`${error.message}\n${output}`)
  })
  // A caller that kills the server mid-start may never look at `healthy`.
  healthy.catch(() => {})
  return {
    url,
    port: listenOn,
    pid: child.pid,
    healthy,
    exited,
    stop: () => stop(child),
    /** SIGKILL: no shutdown, nothing flushed or closed; resolves once the process is gone. */
    kill: () => {
      child.kill('SIGKILL')
      return exited
    },
  }
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
