import { afterAll, beforeAll } from 'vitest'
import { adminAccount } from './accounts'
import { type RunningServer, startServer } from './server'

/** Makes a server create the admin account at its start, as the run's shared server does (global-setup.ts). */
export const adminEnv = { ADMIN_EMAIL: adminAccount.email, ADMIN_PASSWORD: adminAccount.password }

/**
 * A production server of the test file's own, with the admin account, started before the file's
 * tests and stopped after them: for a file whose changes would change what other files' tests see.
 */
export function useServerWithAdmin() {
  let server: RunningServer | undefined
  beforeAll(async () => {
    server = await startServer({ env: adminEnv })
  })
  afterAll(async () => {
    await server?.stop()
  })
  const running = () => {
    if (!server) throw new Error('the server starts in beforeAll, before the tests')
    return server
  }
  return {
    get url() {
      return running().url
    },
    get dataDir() {
      return running().dataDir
    },
    /** `pathname` on this server, as a full address. */
    at: (pathname: string) => `${running().url}${pathname}`,
  }
}
