import type { TestProject } from 'vitest/node'
import { startServer } from './server'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
  }
}

/** One production server for the browser tests, on its own fresh data directory. */
export default async function setup(project: TestProject) {
  const server = await startServer({
    env: { ADMIN_EMAIL: 'admin@clinic.test', ADMIN_PASSWORD: 'Admin#2026' },
  })
  project.provide('baseURL', server.url)
  return async () => {
    await server.stop()
  }
}
