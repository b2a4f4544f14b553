import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify'
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import type { DestinationStream } from 'pino'
import type { Config } from './config'
import { type DatabaseHandle, openDatabase } from './db/client'
import { runMigrations } from './db/migrate'
import { startPlannerStatistics } from './db/planner-statistics'
import { seedDemoClinic } from './db/seed'
import { packagePath } from './lib/package-path'
import {
  accountsRoutes,
  createAccessTokens,
  createSessionUsers,
  registerAuthentication,
  resolveSessionSecret,
} from './modules/accounts'
import { agendaRoutes } from './modules/agenda'
import { auditLogRoutes } from './modules/audit-log'
import { startBackupChannel } from './modules/backup'
import { bookingMailRenderers, bookingRoutes, saveUpcomingLimit } from './modules/bookings'
import { clinicRoutes, createAvailabilityCache, loadAvailability } from './modules/clinic'
import { doctorsRoutes, seedDemoDoctors } from './modules/doctors'
import { healthRoutes } from './modules/health'
import { imagesRoutes, uploadsRoutes } from './modules/images'
import { meRoutes } from './modules/me'
import { messagesRoutes } from './modules/messages'
import { metricsRoutes } from './modules/metrics'
import { type OutboxSender, type OutboxTiming, startOutboxSender } from './modules/outbox'
import { paymentRoutes, paymentService, receiptRenderers, sandboxPaymentRoutes } from './modules/payments'
import { startReminderJob } from './modules/reminders'
import { startRetentionJob } from './modules/retention'
import { reviewsRoutes } from './modules/reviews'
import { scheduleRoutes } from './modules/schedule'
import { siteFilesRoutes } from './modules/site-files'
import { ensureAdminAccount, usersRoutes } from './modules/users'
import { startOfferJob, waitlistRoutes } from './modules/waitlist'
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler'
import { recordFinishedRequests } from './plugins/finished-requests'
import { trackRunningHandlers } from './plugins/graceful-close'
import { logDestinationFor } from './plugins/log-destination'
import { createLogger, fastifyLoggingOptions, installLogger } from './plugins/logger'
import { createMetrics, type Metrics } from './plugins/metrics'
import { responseSerializerCompiler } from './plugins/response-serializer'
import { registerSecurityHeaders } from './plugins/security'
import { startRateLimitSweep } from './plugins/shared-rate-limit-store'
import { refuseUndecodableQueries } from './plugins/undecodable-query'
import { registerWebApp } from './plugins/web-app'
import { createMailer, type Mailer } from './providers/mail/mailer'
import { createPaymentProvider, isSandboxProvider, type PaymentProvider } from './providers/payments'
import { openRedis } from './providers/redis'
import { createStorage, photosFolder, type Storage } from './providers/storage'
import { SERVER_TIMEOUTS, type ServerTimeouts, serverTimeoutOptions } from './server-timeouts'
import { fastifyTrustProxy } from './trust-proxy'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    database: DatabaseHandle
    /** The transport the outbox's sender delivers through. */
    mailer: Mailer
    /** Delivers the outbox's mail in the background; tests wait for it with `drain()`. */
    outbox: OutboxSender
    /** The card processor PAYMENT_PROVIDER names (sandbox or Stripe). */
    paymentProvider: PaymentProvider
    /** Where uploaded images are kept: UPLOADS_DIR, PostgreSQL or DATA_DIR/uploads (decision 0023). */
    storage: Storage
    /** The current instant; tests replace the clock to cross clinic midnight and DST changes. */
    now: () => Date
    /** What modules count for GET /api/metrics. */
    metrics: Metrics
    /** Where the rate limits count with REDIS_URL; null without it (decision 0022). */
    redis: Redis | null
  }
}

export interface BuildOptions {
  /** An already open database (tests pass a clone of a migrated template). */
  database?: DatabaseHandle
  /** Replaces the configured mailer (tests capture messages). */
  mailer?: Mailer
  /** Replaces the configured provider (tests point Stripe at a local fake). */
  paymentProvider?: PaymentProvider
  /** Replaces the outbox sender's waits (tests that look at mail before it is sent). */
  outboxTiming?: OutboxTiming
  /** Prefixes every Redis key; tests keep their counters apart with one of their own. */
  redisKeyPrefix?: string
  /** Replaces the clock (tests). */
  now?: () => Date
  /** How often (and first after how long) the reminder and waitlist offer jobs run; a test's own pace. */
  reminderEveryMs?: number
  /** False: a change of availability does not wake the offer job (tests that run it by hand). */
  wakeOfferJob?: boolean
  /** Where the built web app lives; defaults to apps/web/dist. */
  webDir?: string
  logger?: boolean
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: DestinationStream
  /** Replaces the production timeouts (tests shorten them). */
  timeouts?: ServerTimeouts
  /** Told of every route as it is added (the hostile-input test walks every route's schemas). */
  onRoute?: (route: RouteOptions) => void
}

/** Builds the whole server (database, migrations, demo data, routes) without listening. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...fastifyLoggingOptions(),
    bodyLimit: 64 * 1024,
    frameworkErrors,
    clientErrorHandler,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ...serverTimeoutOptions(options.timeouts ?? SERVER_TIMEOUTS),
    // A request that comes in while the server closes is served: the database stays open for it.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>()
  if (options.onRoute) app.addHook('onRoute', options.onRoute)
  const handlers = trackRunningHandlers(app)
  const logLevel = options.logger === false ? 'silent' : config.logLevel
  const loggers = createLogger(logLevel, options.logStream ?? (await logDestinationFor(config.logFormat)))
  installLogger(app, loggers.log)
  const metrics = createMetrics()
  app.decorate('metrics', metrics)
  recordFinishedRequests(app, metrics.requests, loggers.writeAccessLine)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(responseSerializerCompiler)

  const database = options.database ?? (await openDatabase(config))
  app.decorate('config', config)
  app.decorate('database', database)
  app.decorate('mailer', options.mailer ?? createMailer({ ...config.mail, dataDir: config.dataDir }))
  app.decorate(
    'paymentProvider',
    options.paymentProvider ?? (await createPaymentProvider(config.payment, database.db)),
  )
  app.decorate('storage', createStorage(config, database))
  app.decorate('now', options.now ?? (() => new Date()))
  app.decorate(
    'availability',
    await createAvailabilityCache(loadAvailability(database.db, config.clinicTimeZone), database),
  )
  app.addHook('onClose', () => database.close())
  // Runs after the outbox's hook (added below, so run first): the last send has ended by then.
  app.addHook('onClose', async () => app.mailer.close?.())
  try {
    await database.exclusively(async (db) => {
      await runMigrations({ kind: database.kind, db })
      if (await seedDemoClinic(db)) await seedDemoDoctors(db, app.storage)
      await ensureAdminAccount(db, config.admin)
      await saveUpcomingLimit(db, config.maxUpcomingBookings)
    })
    const clinic = { timeZone: config.clinicTimeZone, publicUrl: config.publicUrl, from: config.mail.from }
    const renderers = {
      ...bookingMailRenderers(database.db, clinic, app.now),
      ...receiptRenderers(database.db, config.publicUrl),
    }
    const sender = {
      database,
      mailer: app.mailer,
      renderers,
      log: app.log,
      failures: metrics.mailFailures,
      timing: options.outboxTiming,
    }
    app.decorate('outbox', await startOutboxSender(sender))
    // Added after the database's hook, so it runs before it (last added, first run): a send in
    // progress is recorded before the database closes.
    app.addHook('onClose', () => app.outbox.close())
    const statistics = startPlannerStatistics(database, app.log)
    if (statistics) app.addHook('onClose', () => statistics.close())
    const retention = startRetentionJob({
      db: database.db,
      now: app.now,
      auditDays: config.auditRetentionDays,
      log: app.log,
    })
    app.addHook('onClose', () => retention.close())
    const reminders = startReminderJob({
      db: database.db,
      rules: { hours: config.reminderHours, timeZone: config.clinicTimeZone },
      now: app.now,
      log: app.log,
      everyMs: options.reminderEveryMs,
    })
    app.addHook('onClose', () => reminders.close())
    const offers = startOfferJob({
      db: database.db,
      rules: {
        holdMinutes: config.waitlistHoldMinutes,
        timeZone: config.clinicTimeZone,
        publicUrl: config.publicUrl,
      },
      now: app.now,
      log: app.log,
      everyMs: options.reminderEveryMs,
    })
    app.addHook('onClose', () => offers.close())
    // A freed slot is offered within a second, not at the next minute: every cancellation, move
    // and schedule change announces the dates it frees (decision 0036).
    if (options.wakeOfferJob !== false) await database.listen('availability_changed', () => offers.runSoon())
    // With REDIS_URL the counters are in Redis, where they expire by themselves.
    if (database.kind === 'postgres' && !config.redisUrl) {
      const sweep = startRateLimitSweep(database.db, app.log)
      app.addHook('onClose', () => sweep.close())
    }
    // Only the server that opened DATA_DIR's database answers for it (a test's database is its own).
    if (!options.database && database.snapshot) {
      const backups = await startBackupChannel({
        database,
        dataDir: config.dataDir,
        photosDir: photosFolder(config),
        log: app.log,
      })
      app.addHook('onClose', () => backups.close())
    }
  } catch (error) {
    await database.close()
    throw error
  }

  const redis = config.redisUrl
    ? await openRedis(config.redisUrl, options.redisKeyPrefix ?? 'doctors-portal:', app.log)
    : null
  app.decorate('redis', redis)
  // Counters only: nothing to flush, so a closing server does not wait for an absent Redis.
  if (redis) app.addHook('onClose', () => redis.disconnect())

  registerErrorHandler(app)
  refuseUndecodableQueries(app)
  registerAuthentication(
    app,
    createAccessTokens(await resolveSessionSecret(config.sessionSecret, config.dataDir)),
    await createSessionUsers(database),
  )
  registerSecurityHeaders(app, { stripe: config.payment.provider === 'stripe' })
  await app.register(healthRoutes, { prefix: '/api' })
  await app.register(metricsRoutes, { prefix: '/api' })
  await app.register(accountsRoutes, { prefix: '/api' })
  await app.register(clinicRoutes, { prefix: '/api' })
  const paymentDeps = { db: database.db, provider: app.paymentProvider, now: () => app.now(), metrics }
  const payments = paymentService({ ...paymentDeps, refundCutoffHours: config.payment.refundCutoffHours })
  // When the clinic cancels (an admin deletes a patient or closes a day), a paid appointment is
  // refunded in full whatever the time: the patient's refund cutoff does not apply.
  const clinicRefunds = paymentService({ ...paymentDeps, refundCutoffHours: 0 })
  await app.register(usersRoutes, { prefix: '/api', clinicRefunds })
  await app.register(bookingRoutes, { prefix: '/api', payments })
  await app.register(meRoutes, { prefix: '/api' })
  await app.register(paymentRoutes, { prefix: '/api', payments })
  await app.register(imagesRoutes, { prefix: '/api' })
  await app.register(uploadsRoutes)
  await app.register(doctorsRoutes, { prefix: '/api' })
  await app.register(scheduleRoutes, { prefix: '/api', clinicRefunds })
  await app.register(agendaRoutes, { prefix: '/api' })
  await app.register(auditLogRoutes, { prefix: '/api' })
  await app.register(messagesRoutes, { prefix: '/api' })
  await app.register(reviewsRoutes, { prefix: '/api' })
  await app.register(waitlistRoutes, { prefix: '/api' })
  if (isSandboxProvider(app.paymentProvider))
    await app.register(sandboxPaymentRoutes, { prefix: '/api', sandbox: app.paymentProvider, payments })
  await app.register(siteFilesRoutes)
  await registerWebApp(app, options.webDir ?? packagePath('..', 'web', 'dist'))
  // Added last, so it runs first: the database, the outbox and the jobs close after the handlers.
  app.addHook('onClose', async () => {
    const left = await handlers.finished()
    if (left > 0) app.log.warn({ handlers: left }, 'closing with handlers still running')
  })
  return app
}
