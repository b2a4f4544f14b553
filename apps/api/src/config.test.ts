import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from 'vitest'
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config'
import { packagePath } from './lib/package-path'

test('defaults follow the architecture page', () => {
  const config = loadConfig({})
  expect(config.port).toBe(3000)
  expect(config.host).toBe('127.0.0.1')
  expect(config.dataDir).toBe(path.resolve('data'))
  expect(config.clinicTimeZone).toBe('Asia/Dhaka')
  expect(config.publicUrl).toBe('http://localhost:3000')
  expect(config.payment.provider).toBe('sandbox')
  expect(config.databaseUrl).toBeUndefined()
  expect(config.uploadsDir).toBeUndefined()
  expect(config.redisUrl).toBeUndefined()
  expect(loadConfig({ REDIS_URL: 'rediss://:secret@cache.clinic.test:6380/2' }).redisUrl).toBe(
    'rediss://:secret@cache.clinic.test:6380/2',
  )
  expect(loadConfig({ UPLOADS_DIR: 'shared/uploads' }).uploadsDir).toBe(path.resolve('shared/uploads'))
})

test.each([
  [{ PORT: 'abc' }, /^Invalid configuration: PORT /],
  [{ PORT: '70000' }, /^Invalid configuration: PORT /],
  [{ CLINIC_TIMEZONE: 'Mars/Olympus' }, /^Invalid configuration: CLINIC_TIMEZONE must be an IANA time zone/],
  [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ URL/],
  [
    { PAYMENT_PROVIDER: 'stripe' },
    /^Invalid configuration: STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe/,
  ],
  [{ ADMIN_EMAIL: 'boss@clinic.test' }, /^Invalid configuration: ADMIN_PASSWORD is required/],
  [{ SESSION_SECRET: 'short' }, /^Invalid configuration: SESSION_SECRET must be at least 32 characters/],
  [
    { DATABASE_URL: 'postgres://db.clinic.test/portal' },
    /^Invalid configuration: SESSION_SECRET is required when DATABASE_URL is set/,
  ],
  [{ TRUST_PROXY: 'the proxy' }, /^Invalid configuration: TRUST_PROXY must be a hop count or a list of /],
  [{ TRUST_PROXY: '10.0.0.5, 10.0.0.300' }, /^Invalid configuration: TRUST_PROXY must be a hop count /],
  [{ TRUST_PROXY: '10.0.0.0/33' }, /^Invalid configuration: TRUST_PROXY must be a hop count /],
  [{ TRUST_PROXY: '-1' }, /^Invalid configuration: TRUST_PROXY must be a hop count /],
  [
    { REDIS_URL: 'http://127.0.0.1:6379' },
    /^Invalid configuration: REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL \(got "…"\)/,
  ],
  [
    { REDIS_URL: '127.0.0.1:6379' },
    /^Invalid configuration: REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/,
  ],
  [{ LOG_FORMAT: 'xml' }, /^Invalid configuration: LOG_FORMAT /],
  [
    { REMINDER_HOURS: '24, two' },
    /^Invalid configuration: REMINDER_HOURS must be comma-separated whole numbers of hours from 1 to 168, such as 24,2 \(got "24, two"\)/,
  ],
  [{ REMINDER_HOURS: '0' }, /^Invalid configuration: REMINDER_HOURS must be comma-separated /],
  [{ REMINDER_HOURS: '24,,2' }, /^Invalid configuration: REMINDER_HOURS must be comma-separated /],
  [{ REMINDER_HOURS: '2.5' }, /^Invalid configuration: REMINDER_HOURS must be comma-separated /],
  [{ REMINDER_HOURS: '169' }, /^Invalid configuration: REMINDER_HOURS must be comma-separated /],
  [
    { METRICS_TOKEN: 'short' },
    /^Invalid configuration: METRICS_TOKEN must be at least 16 characters \(got "…"\)/,
  ],
])('a wrong value stops the start with one line naming the variable: %o', (env, message) => {
  expect(() => loadConfig(env)).toThrow(ConfigError)
  expect(() => loadConfig(env)).toThrow(message)
})

test('secrets are never echoed in the error', () => {
  expect(() => loadConfig({ SESSION_SECRET: 'hunter2' })).toThrow(/\(got "…"\)/)
})

test('empty variables count as unset', () => {
  expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000)
})

test('REMINDER_HOURS: 24 and 2 by default; a list is read largest first, each hour once', () => {
  expect(loadConfig({}).reminderHours).toEqual([24, 2])
  expect(loadConfig({ REMINDER_HOURS: ' 2, 48 ,24,2' }).reminderHours).toEqual([48, 24, 2])
  expect(loadConfig({ REMINDER_HOURS: '168' }).reminderHours).toEqual([168])
})

test('WAITLIST_HOLD_MINUTES: 30 by default, whole minutes from 1 to a day', () => {
  expect(loadConfig({}).waitlistHoldMinutes).toBe(30)
  expect(loadConfig({ WAITLIST_HOLD_MINUTES: '15' }).waitlistHoldMinutes).toBe(15)
  for (const wrong of ['0', '1.5', 'soon', '1441'])
    expect(() => loadConfig({ WAITLIST_HOLD_MINUTES: wrong })).toThrow(
      /^Invalid configuration: WAITLIST_HOLD_MINUTES must be/,
    )
})

test('TRUST_PROXY: unset trusts no proxy, a number is a hop count, otherwise a list of addresses', () => {
  expect(loadConfig({}).trustProxy).toBe(false)
  expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
  expect(loadConfig({ TRUST_PROXY: ' 10.0.0.5, 192.168.0.0/16,::1 ' }).trustProxy).toEqual([
    '10.0.0.5',
    '192.168.0.0/16',
    '::1',
  ])
})

test('.env.example names every variable the server reads, and no other', async () => {
  const example = await readFile(packagePath('../../.env.example'), 'utf8')
  const named = [...example.matchAll(/^([A-Z_]+)=/gm)].map(([, name]) => name)
  expect([...named].sort()).toEqual([...CONFIG_VARIABLES].sort())
  expect(
    loadConfig(
      Object.fromEntries(
        example
          .split('\n')
          .filter((line) => /^[A-Z_]+=/.test(line))
          .map((line) => line.split('=', 2)),
      ),
    ),
  ).toMatchObject({ port: 3000 })
})
