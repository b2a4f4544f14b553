import type { TestProject } from 'vitest/node'
import { startServer } from './server'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    /** The admin's device cookie: every test file signs the admin in as one known browser. */
    adminDevice: string
  }
}

/** One production server for the browser tests, on its own fresh data directory. */
export default async function setup(project: TestProject) {
  const server = await startServer({
    env: { ADMIN_EMAIL: 'admin@clinic.test', ADMIN_PASSWORD: 'Admin#2026' },
  })
  project.provide('baseURL', server.url)
  project.provide('adminDevice', await firstAdminSignIn(server.url))
  return async () => {
    await server.stop()
  }
}

/**
 * Signs the admin in once, as a browser would, and keeps its device cookie: sign-ins from a
 * device the account does not know spend its budget of password checks (decision 0020), which
 * the many test files that sign the admin in would otherwise use up.
 */
async function firstAdminSignIn(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify({ email: 'admin@clinic.test', password: 'Admin#2026' }),
  })
  const device = res.headers
    .getSetCookie()
    .map((line) => /^portal_device=([^;]*)/.exec(line)?.[1])
    .find((value) => value !== undefined)
  if (res.status !== 200 || !device) throw new Error(`the admin's first sign-in failed: ${res.status}`)
  return device
}
