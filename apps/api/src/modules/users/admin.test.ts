import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildApp } from '../../app'
import { ConfigError } from '../../config'
import { openDatabase } from '../../db/client'
import { auditLog, users } from '../../db/schema'
import { captureMail } from '../../test/captured-mail'
import { nextAddress, STRONG_PASSWORD, uniqueEmail } from '../../test/factories'
import { createTestApp, testConfig } from '../../test/test-app'
import { createTestDatabase } from '../../test/test-database'
import { hashPassword } from '../accounts'
import { runAdminCli } from './admin-cli'

describe('ADMIN_EMAIL / ADMIN_PASSWORD at start', () => {
  test('creates the admin account with its e-mail verified, who can sign in and reach admin routes', async () => {
    const email = uniqueEmail('boss')
    const app = await createTestApp({ ADMIN_EMAIL: email.toUpperCase(), ADMIN_PASSWORD: STRONG_PASSWORD })
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: STRONG_PASSWORD },
        remoteAddress: nextAddress(),
      })
      expect(login.statusCode).toBe(200)
      // The operator vouches for the address: no 'Verify your e-mail' on every dashboard page.
      expect(login.json().user.emailVerified).toBe(true)
      const [row] = await app.database.db.select().from(users).where(eq(users.email, email))
      expect(row?.role).toBe('admin')
    } finally {
      await app.close()
    }
  })

  /** Starts a server on a database that already holds this account, as a restart would. */
  async function startWith(
    account: { email: string; role: 'patient' | 'admin'; password: string },
    adminPassword: string,
  ) {
    const database = await createTestDatabase()
    await database.db.insert(users).values({
      email: account.email,
      name: 'Somebody',
      role: account.role,
      passwordHash: await hashPassword(account.password),
    })
    return buildApp(testConfig({ ADMIN_EMAIL: account.email, ADMIN_PASSWORD: adminPassword }), {
      database,
      logger: false,
      webDir: '/nonexistent',
      mailer: captureMail(),
    })
  }

  test('an existing account that is not an admin is not promoted by someone who does not know its password', async () => {
    const email = uniqueEmail('squatter')
    const start = startWith({ email, role: 'patient', password: 'Squatt3r!pass' }, STRONG_PASSWORD)
    await expect(start).rejects.toBeInstanceOf(ConfigError)
    await expect(start).rejects.toThrow(
      `ADMIN_EMAIL names an existing account that is not an admin, and ADMIN_PASSWORD is not its password. Check that account, then run: npm run admin -- promote ${email} (or unset ADMIN_EMAIL).`,
    )
  })

  test('an existing account is promoted when ADMIN_PASSWORD is its password, its e-mail as unverified as it was', async () => {
    const email = uniqueEmail('boss')
    const app = await startWith({ email, role: 'patient', password: STRONG_PASSWORD }, STRONG_PASSWORD)
    try {
      const [row] = await app.database.db.select().from(users).where(eq(users.email, email))
      expect(row?.role).toBe('admin')
      expect(row?.emailVerifiedAt).toBeNull()
      const [entry] = await app.database.db.select().from(auditLog).where(eq(auditLog.event, 'role_changed'))
      expect(entry).toMatchObject({ userId: row?.id, detail: { role: 'admin', by: 'ADMIN_EMAIL' } })
    } finally {
      await app.close()
    }
  })

  test('an admin who changed their password since still starts the server, and keeps that password', async () => {
    const email = uniqueEmail('boss')
    const app = await startWith({ email, role: 'admin', password: 'Chang3d!pass' }, STRONG_PASSWORD)
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'Chang3d!pass' },
        remoteAddress: nextAddress(),
      })
      expect(login.statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })

  test('a common ADMIN_PASSWORD for a new admin stops the start', async () => {
    await expect(
      createTestApp({ ADMIN_EMAIL: uniqueEmail('boss'), ADMIN_PASSWORD: 'P@ssw0rd' }),
    ).rejects.toThrow(
      'Invalid configuration: ADMIN_PASSWORD Password Must Be Strong! (it is a common password)',
    )
  })

  test('a weak ADMIN_PASSWORD stops the start with the password rule', async () => {
    await expect(
      createTestApp({ ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'password' }),
    ).rejects.toThrow('Invalid configuration: ADMIN_PASSWORD Password Must Be Strong!')
  })
})

describe('npm run admin -- promote EMAIL', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-admin-cli-'))
  })
  afterAll(() => rm(dataDir, { recursive: true, force: true }))
  const cli = (...args: string[]) => runAdminCli(args, { DATA_DIR: dataDir, LOG_LEVEL: 'silent' })

  test('promotes and demotes a registered account on the configured database', async () => {
    const email = uniqueEmail()
    expect(await cli('promote', email)).toEqual({
      exitCode: 1,
      message: `No account uses ${email}. It must register first.`,
    })
    const database = await openDatabase({ dataDir })
    await database.db.insert(users).values({ email, name: 'Operator Friend' })
    await database.close()
    expect(await cli('promote', email.toUpperCase())).toEqual({
      exitCode: 0,
      message: `${email} is now an admin.`,
    })
    expect(await cli('promote', email)).toEqual({ exitCode: 0, message: `${email} is already an admin.` })
    expect(await cli('demote', email)).toEqual({ exitCode: 0, message: `${email} is no longer an admin.` })
  })

  test('wrong usage prints the usage', async () => {
    expect((await cli()).exitCode).toBe(2)
    expect((await cli('promote')).message).toContain('Usage: npm run admin -- promote EMAIL')
    expect((await cli('promote', 'not-an-email')).exitCode).toBe(2)
    expect((await cli('delete', 'a@b.test')).exitCode).toBe(2)
  })

  test('refuses with the lock message while a server holds the PGlite data directory', async () => {
    const server: ChildProcess = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'])
    try {
      await writeFile(path.join(dataDir, 'server.lock'), String(server.pid))
      const result = await cli('promote', uniqueEmail())
      expect(result.exitCode).toBe(1)
      expect(result.message).toBe(
        `The data directory ${dataDir} is in use by another server (pid ${server.pid}). Stop it first, or set DATA_DIR to another directory.`,
      )
    } finally {
      server.kill()
      await rm(path.join(dataDir, 'server.lock'), { force: true })
    }
  })
})
