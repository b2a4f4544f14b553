import { setFlagsFromString } from 'node:v8'
import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { DataDirLockedError } from './db/data-dir-lock'
import { keepTickObjectShape } from './lib/tick-shape'
import { serializeError } from './plugins/logger'

const SHUTDOWN_GRACE_MS = 10_000

// PGlite's PostgreSQL is WebAssembly. V8 recompiles each wasm function that has run for a
// budget of bytes with its optimizing compiler, in background threads. With the default budget
// the start's migrations and first queries set off hundreds of those compiles, and on one core
// they held up the start by ~300 ms. Ten times the budget still optimizes what stays hot.
const WASM_TIERING_BUDGET = 18_000_000

async function main(): Promise<void> {
  keepTickObjectShape()
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`)
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
    // Reduced like logged errors: a failed query's error carries its parameters (password hashes).
    console.error('Doctors Portal could not start:', serializeError(error))
  }
  process.exit(1)
})
