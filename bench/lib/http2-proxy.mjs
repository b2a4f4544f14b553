import { spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { exampleTlsServer, exampleUpstream, NGINX_PATH, runNginx } from '../../scripts/lib/nginx-example.mjs'
import { freePort } from './processes.mjs'

const accepts = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })

/** Resolves once nginx accepts connections on `port`; rejects when it exits first or never does. */
async function waitForListening(port, child) {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode} before it listened`)
    if (await accepts(port)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`nginx did not listen on port ${port}`)
}

/**
 * deploy/nginx.conf's TLS server in front of `upstreamURL`, as patients reach the server in
 * production (TLS and HTTP/2; decision 0054), with a certificate made for the run that the
 * audited browser is told to accept. Resolves with `{ url, stop }`, or null when this machine
 * has no nginx or no openssl.
 */
export async function startHttp2Proxy(upstreamURL) {
  if (spawnSync(NGINX_PATH, ['-v'], { stdio: 'ignore' }).status !== 0) return null
  const folder = await mkdtemp(path.join(tmpdir(), 'portal-bench-nginx-'))
  const port = await freePort()
  const server = exampleTlsServer({ port, folder })
  if (!server) {
    await rm(folder, { recursive: true, force: true })
    return null
  }
  const nginx = await runNginx({
    folder,
    http: `${exampleUpstream([new URL(upstreamURL).host])}\n    ${server}`,
  })
  try {
    await waitForListening(port, nginx.child)
  } catch (error) {
    await nginx.stop()
    throw error
  }
  return { url: `https://127.0.0.1:${port}`, stop: nginx.stop }
}
