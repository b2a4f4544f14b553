import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { DataDirLockedError } from './db/data-dir-lock'

const SHUTDOWN_GRACE_MS = 10_000

async function main(): Promise<void> {
  const config = loadConfig()
  const app = await buildApp(config)
  await app.listen({ port: config.port, host: config.host })

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    // Stop accepting, let in-flight requests finish, then close the database (an onClose hook).
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS)
    force.unref()
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message)
  } else {
    console.error('Doctors Portal could not start:', error)
  }
  process.exit(1)
})
