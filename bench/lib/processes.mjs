import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'

const hasTaskset = spawnSync('taskset', ['--version']).status === 0

/** The server gets core 0 and the load generator (this process) core 1, when taskset exists. */
export const SERVER_CORE = '0'
export const LOAD_CORE = '1'

export function pinSelfToLoadCore() {
  if (!hasTaskset) return false
  return spawnSync('taskset', ['-a', '-p', '-c', LOAD_CORE, String(process.pid)]).status === 0
}

/** Lighthouse measures a whole browser, which should not be squeezed onto one core. */
export function unpinSelf() {
  if (hasTaskset) spawnSync('taskset', ['-a', '-p', '-c', `${SERVER_CORE},${LOAD_CORE}`, String(process.pid)])
}

export function spawnPinned(args, options) {
  const [command, argv] = hasTaskset
    ? ['taskset', ['-c', SERVER_CORE, process.execPath, ...args]]
    : [process.execPath, args]
  return spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], ...options })
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/** Polls `url` until it answers 200; resolves with the milliseconds since `startedAt`. */
export async function waitForOk(url, startedAt, child) {
  let exited = false
  child.once('exit', () => {
    exited = true
  })
  for (;;) {
    if (exited) throw new Error(`process exited before ${url} answered`)
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    )
    if (ok) return performance.now() - startedAt
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

export function rssMegabytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}

const CLOCK_TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100

/** The CPU time the process has used so far, user and system, in milliseconds. */
export function cpuMilliseconds(pid) {
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND
}

export async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

export { hasTaskset }
