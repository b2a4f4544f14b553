import { randomUUID } from 'node:crypto'
import net from 'node:net'
import { Redis } from 'ioredis'

/** The Redis the machines run for tests, without a password. */
export const TEST_REDIS = { host: '127.0.0.1', port: 6379 }
export const TEST_REDIS_URL = `redis://${TEST_REDIS.host}:${TEST_REDIS.port}`

/** Whether something accepts a TCP connection at TEST_REDIS within a second. */
export function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(TEST_REDIS)
    const settle = (answers: boolean) => {
      socket.destroy()
      resolve(answers)
    }
    socket.setTimeout(1_000, () => settle(false))
    socket.once('connect', () => settle(true))
    socket.once('error', () => settle(false))
  })
}

/** A key prefix of the test's own, so that no two runs ever share a counter. */
export const uniqueRedisKeyPrefix = () => `doctors-portal-test-${randomUUID()}:`

async function withTestRedis<T>(use: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(TEST_REDIS_URL)
  try {
    return await use(redis)
  } finally {
    redis.disconnect()
  }
}

/** The keys under `prefix`, without it. */
export const redisKeysUnder = (prefix: string) =>
  withTestRedis(async (redis) => (await redis.keys(`${prefix}*`)).map((key) => key.slice(prefix.length)))

/** Removes every key under `prefix` (a test's leftovers). */
export const removeRedisKeys = (prefix: string) =>
  withTestRedis(async (redis) => {
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length > 0) await redis.del(...keys)
  })
