import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect } from './expect'

export const repoRoot = path.resolve(import.meta.dirname, '../..')

export interface RunningServer {
  url: string
  dataDir: string
  process: ChildProcess
  output: () => string
  /** SIGTERM, then resolves with the exit code. */
  stop: () => Promise<number | null>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

export const tempDataDir = () => mkdtemp(path.join(tmpdir(), 'portal-e2e-'))

/**
 * Starts the production build (apps/api/dist/server.js under `root`, this repository by default)
 * and waits until /api/health answers.
 */
export async function startServer(
  options: { dataDir?: string; env?: Record<string, string>; port?: number; root?: string } = {},
): Promise<RunningServer> {
  const root = options.root ?? repoRoot
  const dataDir = options.dataDir ?? (await tempDataDir())
  // A caller may need the port before the start, e.g. for an OpenID client's redirect URI.
  const port = options.port ?? (await freePort())
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = `http://127.0.0.1:${port}`
  // A server that never answers is not left running to load the next tests' machine.
  await waitForHealth(url, exited, () => output).catch((error: unknown) => {
    child.kill('SIGKILL')
    throw error
  })
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM')
      return exited
    },
  }
}

/** Polls /api/health until it answers; a server that exits first fails the start at once, with its output. */
async function waitForHealth(
  url: string,
  exited: Promise<number | null>,
  output: () => string,
): Promise<void> {
  const healthy = () =>
    fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    )
  const outcome = await Promise.race([
    expect
      .poll(healthy, { timeout: 30_000 })
      .toBe(true)
      .then(
        () => 'answered',
        () => 'silent',
      ),
    exited.then(() => 'exited'),
  ])
  if (outcome === 'exited') throw new Error(`server exited before it answered:\n${output()}`)
  if (outcome === 'silent') throw new Error(`server did not answer within 30 s:\n${output()}`)
}
