import { Email } from '@shared/accounts'
import type { Role } from '@shared/users'
import { ConfigError, loadConfig } from '../../config'
import { openDatabase } from '../../db/client'
import { DataDirLockedError } from '../../db/data-dir-lock'
import { runMigrations } from '../../db/migrate'
import type { CliResult } from '../../lib/cli'
import { byEmail } from './repository'
import { changeRole } from './service'

const USAGE = 'Usage: npm run admin -- promote EMAIL   (or: demote EMAIL)'
const roles: Record<string, Role> = { promote: 'admin', demote: 'patient' }

/**
 * `npm run admin -- promote EMAIL` for operators: same configuration and database as the
 * server. On PGlite the server must be stopped first (the data directory lock says so).
 */
export async function runAdminCli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<CliResult> {
  const [command = '', rawEmail, ...rest] = args
  const role = roles[command]
  const email = Email.safeParse(rawEmail)
  if (!role || rest.length > 0) return { exitCode: 2, message: USAGE }
  if (!email.success) return { exitCode: 2, message: `${email.error.issues[0]?.message}\n${USAGE}` }
  try {
    const config = loadConfig(env)
    const database = await openDatabase(config)
    try {
      await runMigrations(database)
      const changed = await changeRole(database.db, byEmail(email.data), role, { by: 'cli' })
      if (changed === null) {
        return { exitCode: 1, message: `No account uses ${email.data}. It must register first.` }
      }
      const [done, already] =
        role === 'admin'
          ? ['is now an admin', 'is already an admin']
          : ['is no longer an admin', 'is not an admin']
      return { exitCode: 0, message: `${email.data} ${changed > 0 ? done : already}.` }
    } finally {
      await database.close()
    }
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError)
      return { exitCode: 1, message: error.message }
    throw error
  }
}
