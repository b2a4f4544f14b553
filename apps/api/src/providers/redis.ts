import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'

/**
 * The one Redis client REDIS_URL names, for the counters every server shares (decision 0022).
 * `keyPrefix` keeps this portal's keys apart from anything else kept in the same Redis. ioredis is
 * loaded only then, so that a server without Redis does not read it at every start.
 */
export async function openRedis(url: string, keyPrefix: string, log: FastifyBaseLogger): Promise<Redis> {
  const { Redis } = await import('ioredis')
  const redis = new Redis(url, {
    keyPrefix,
    // While Redis is away a limited request must not wait long for it: it fails after one retry
    // and the limit is skipped (ioredis' defaults would hold it through 20 reconnects).
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    maxRetriesPerRequest: 1,
  })
  let unreachable = false
  redis.on('error', (error: NodeJS.ErrnoException) => {
    // ioredis retries every couple of seconds: one line when Redis goes away, one when it is back.
    // Only the message and code: the error may carry the failed command, AUTH's password included.
    if (!unreachable) log.error({ code: error.code }, `Redis is unreachable: ${error.message}`)
    unreachable = true
  })
  redis.on('ready', () => {
    if (unreachable) log.info('Redis answers again')
    unreachable = false
  })
  return redis
}
