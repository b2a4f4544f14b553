import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { type BuildOptions, buildApp } from '../app'
import { type Config, loadConfig } from '../config'
import type { DatabaseHandle } from '../db/client'
import { captureMail } from './captured-mail'
import { createTestDatabase } from './test-database'

/** Configuration for tests: the defaults, plus whatever a test overrides. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: '.test-data/unused',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ...env,
  })
}

type TestAppOptions = Pick<
  BuildOptions,
  'mailer' | 'now' | 'outboxTiming' | 'redisKeyPrefix' | 'reminderEveryMs' | 'wakeOfferJob'
>

/** The whole API on its own fresh database, for `app.inject` tests. Close it in afterAll. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<FastifyInstance> {
  return createTestAppOn(await createTestDatabase(), env, options)
}

/** The whole API on a database of the test's own (one that several servers share, say). */
export function createTestAppOn(
  database: DatabaseHandle,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<FastifyInstance> {
  return buildApp(testConfig(env), { database, ...testBuildOptions(options) })
}

/** The whole API as the server runs it: it opens the embedded database in `dataDir` itself. */
export function createTestAppIn(
  dataDir: string,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<FastifyInstance> {
  return buildApp(testConfig({ ...env, DATA_DIR: dataDir }), testBuildOptions(options))
}

/**
 * The reminder and offer jobs' timers, unless a test sets its own: a test that moves the clock past a
 * reminder's moment checks what it wrote itself, and a run of the job in between would be a race.
 */
const JOBS_OUT_OF_THE_WAY_MS = 60 * 60_000

function testBuildOptions(options: TestAppOptions): BuildOptions {
  return {
    logger: false,
    webDir: '/nonexistent',
    mailer: options.mailer ?? captureMail(),
    now: options.now,
    outboxTiming: options.outboxTiming,
    redisKeyPrefix: options.redisKeyPrefix,
    reminderEveryMs: options.reminderEveryMs ?? JOBS_OUT_OF_THE_WAY_MS,
    wakeOfferJob: options.wakeOfferJob,
  }
}
