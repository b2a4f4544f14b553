import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildApp } from '../app'
import { captureLog } from '../test/captured-log'
import { captureMail } from '../test/captured-mail'
import {
  redisAnswers,
  redisKeysUnder,
  removeRedisKeys,
  TEST_REDIS,
  TEST_REDIS_URL,
  uniqueRedisKeyPrefix,
} from '../test/redis-kit'
import { failedSignInsInTurn } from '../test/sign-in-kit'
import { startTcpProxy } from '../test/tcp-proxy'
import { createTestApp, testConfig } from '../test/test-app'
import { createTestDatabase } from '../test/test-database'

const redisIsUp = await redisAnswers()

// With REDIS_URL the servers count the limits in Redis (decision 0022): each server here has a
// database of its own, so only Redis can make them share a budget.
describe.runIf(redisIsUp)(
  'rate limits in Redis (needs Redis at 127.0.0.1:6379; skipped when it does not answer)',
  () => {
    const keyPrefix = uniqueRedisKeyPrefix()
    let servers: FastifyInstance[]

    beforeAll(async () => {
      const env = { REDIS_URL: TEST_REDIS_URL }
      servers = [
        await createTestApp(env, { redisKeyPrefix: keyPrefix }),
        await createTestApp(env, { redisKeyPrefix: keyPrefix }),
      ]
    })
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.close()))
      await removeRedisKeys(keyPrefix)
    })

    test('the sign-in limit of one address (20 a minute) counts the requests of both servers', async () => {
      const statuses = await failedSignInsInTurn(servers, 24, '198.51.100.78')
      expect(statuses.filter((status) => status !== 429)).toHaveLength(20)
      expect(statuses.slice(20)).toEqual([429, 429, 429, 429])
      expect(await redisKeysUnder(keyPrefix)).toContain('rate-limit:POST/api/auth/login-198.51.100.78')
    })
  },
)

describe.runIf(redisIsUp)(
  'a Redis outage (needs Redis at 127.0.0.1:6379; skipped when it does not answer)',
  () => {
    const keyPrefix = uniqueRedisKeyPrefix()
    const password = `redis-pass-${randomBytes(8).toString('hex')}`
    const { lines, stream: logStream } = captureLog()
    let proxy: Awaited<ReturnType<typeof startTcpProxy>>
    let server: FastifyInstance

    beforeAll(async () => {
      proxy = await startTcpProxy(TEST_REDIS)
      const env = { REDIS_URL: `redis://:${password}@127.0.0.1:${proxy.port}`, LOG_LEVEL: 'info' }
      server = await buildApp(testConfig(env), {
        database: await createTestDatabase(),
        webDir: '/nonexistent',
        mailer: captureMail(),
        logStream,
        redisKeyPrefix: keyPrefix,
      })
    })
    afterAll(async () => {
      await server?.close()
      await proxy?.close()
      await removeRedisKeys(keyPrefix)
    })

    test('lifts the limits rather than refusing sign-ins, and the log names no password', async () => {
      const remoteAddress = '198.51.100.79'
      expect((await failedSignInsInTurn([server], 21, remoteAddress)).at(-1)).toBe(429)
      proxy.cut()
      expect(await failedSignInsInTurn([server], 3, remoteAddress)).toEqual([401, 401, 401])
      const log = lines.join('')
      expect(log).toContain('Redis is unreachable')
      expect(log).not.toContain(password)
    })
  },
)
