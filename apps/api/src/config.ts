import path from 'node:path'
import proxyAddr from '@fastify/proxy-addr'
import { NewPassword } from '@shared/accounts'
import { z } from 'zod'

const optionalText = z.string().trim().min(1).optional()

const EnvVariables = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  UPLOADS_DIR: z.string().trim().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: NewPassword.optional(),
  CLINIC_TIMEZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as Asia/Dhaka')
    .default('Asia/Dhaka'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: optionalText,
  CLINIC_EMAIL: z.email('must be an e-mail address').default('care@doctors-portal.example'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://accounts.google.com'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: z
    .string()
    .transform((value, ctx) => {
      const trust = parseTrustProxy(value)
      if (trust !== null) return trust
      ctx.addIssue({ code: 'custom', message: 'must be a hop count or a list of proxy addresses/CIDRs' })
      return z.NEVER
    })
    .optional(),
  MAX_UPCOMING_BOOKINGS: z.coerce
    .number({ error: 'must be a whole number of at least 1' })
    .int('must be a whole number of at least 1')
    .min(1, 'must be a whole number of at least 1')
    .max(1000, 'must be at most 1000')
    .default(4),
  REFUND_CUTOFF_HOURS: z.coerce
    .number({ error: 'must be a whole number of hours' })
    .int('must be a whole number of hours')
    .min(0, 'must be 0 or more')
    .max(24 * 365, 'must be at most 8760')
    .default(24),
  REMINDER_HOURS: z
    .string()
    .transform((value, ctx) => {
      const hours = parseReminderHours(value)
      if (hours) return hours
      ctx.addIssue({
        code: 'custom',
        message: `must be comma-separated whole numbers of hours from 1 to ${MAX_REMINDER_HOURS}, such as 24,2`,
      })
      return z.NEVER
    })
    .default([24, 2]),
  WAITLIST_HOLD_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(1, 'must be 1 or more')
    .max(24 * 60, 'must be at most 1440')
    .default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(36_500, 'must be at most 36500')
    .default(365),
})

/** Every variable the server reads (`.env.example` documents each one). */
export const CONFIG_VARIABLES = Object.keys(EnvVariables.shape)

const EnvSchema = EnvVariables.superRefine((env, ctx) => {
  if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
    ctx.addIssue({
      code: 'custom',
      path: ['ADMIN_PASSWORD'],
      message: 'is required when ADMIN_EMAIL is set',
    })
  }
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    const missing = env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: 'is required for Google sign-in (set both or neither)',
    })
  }
  if (env.DATABASE_URL && !env.SESSION_SECRET) {
    // Servers sharing a database must sign with one secret, or a token of one is refused by another.
    ctx.addIssue({
      code: 'custom',
      path: ['SESSION_SECRET'],
      message: 'is required when DATABASE_URL is set (the same value on every server)',
    })
  }
  if (env.PAYMENT_PROVIDER !== 'stripe') return
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
    if (!env[name])
      ctx.addIssue({ code: 'custom', path: [name], message: 'is required when PAYMENT_PROVIDER=stripe' })
  }
})

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/**
 * Which proxies may say who the client is in X-Forwarded-For (Fastify's `trustProxy`): a hop
 * count, or addresses/CIDRs checked by the same library that Fastify uses; null when invalid.
 */
function parseTrustProxy(value: string): number | string[] | null {
  if (/^\s*\d+\s*$/.test(value)) return Number(value)
  const proxies = value.split(',').map((entry) => entry.trim())
  try {
    proxyAddr.compile(proxies)
    return proxies
  } catch {
    return null
  }
}

/** A week: a reminder's record lives as long as its mail's, 30 days after it was sent (decision 0034). */
const MAX_REMINDER_HOURS = 168

/** '24,2' → [24, 2], largest first, each once; null when any entry is not 1…168. */
function parseReminderHours(value: string): number[] | null {
  const entries = value.split(',').map((entry) => entry.trim())
  if (!entries.every((entry) => /^\d+$/.test(entry))) return null
  const hours = entries.map(Number)
  if (!hours.every((h) => h >= 1 && h <= MAX_REMINDER_HOURS)) return null
  return [...new Set(hours)].sort((a, b) => b - a)
}

export type Config = ReturnType<typeof toConfig>

export class ConfigError extends Error {}

/** Reads the environment once at start; a wrong value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const parsed = EnvSchema.safeParse(present)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const name = String(issue?.path[0] ?? 'environment')
    const shown = name in present ? ` (got "${redact(name, present[name])}")` : ''
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${shown}`)
  }
  return toConfig(parsed.data)
}

function redact(name: string, value: string | undefined): string {
  return /SECRET|PASSWORD|KEY|URL|TOKEN/.test(name) ? '…' : String(value)
}

function toConfig(env: z.infer<typeof EnvSchema>) {
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    /** Shared disk for uploads; unset: PostgreSQL keeps them, or PGlite's DATA_DIR/uploads. */
    uploadsDir: env.UPLOADS_DIR ? path.resolve(env.UPLOADS_DIR) : undefined,
    databaseUrl: env.DATABASE_URL,
    /** Where the servers count rate limits when set; unset: PostgreSQL, or PGlite's memory (decision 0022). */
    redisUrl: env.REDIS_URL,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
        : undefined,
    clinicTimeZone: env.CLINIC_TIMEZONE,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    payment: {
      provider: env.PAYMENT_PROVIDER,
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
      /** A paid booking is cancelled with a full refund until this many hours before it. */
      refundCutoffHours: env.REFUND_CUTOFF_HOURS,
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? 'Doctors Portal <no-reply@localhost>' },
    /** Where contact-form messages are mailed (the address the contact page shows by default). */
    clinicEmail: env.CLINIC_EMAIL,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuer: env.GOOGLE_ISSUER,
          }
        : undefined,
    sessionSecret: env.SESSION_SECRET,
    /** Unset: X-Forwarded-For is ignored and the socket's address is the client's. */
    trustProxy: env.TRUST_PROXY ?? false,
    logLevel: env.LOG_LEVEL,
    /** auto: readable lines when standard output is a terminal, JSON lines otherwise. */
    logFormat: env.LOG_FORMAT,
    /** Lets a scraper read GET /api/metrics from anywhere; loopback may without it (decision 0024). */
    metricsToken: env.METRICS_TOKEN,
    /** Audit entries older than this many days are removed by the daily retention job. */
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    /** Hours before an appointment at which its reminder mails go out, largest first. */
    reminderHours: env.REMINDER_HOURS,
    /** How long a slot freed for the waitlist is held for the patient it is offered to. */
    waitlistHoldMinutes: env.WAITLIST_HOLD_MINUTES,
    /** Active upcoming bookings one account may hold (decision 0015); the database enforces it. */
    maxUpcomingBookings: env.MAX_UPCOMING_BOOKINGS,
  }
}
