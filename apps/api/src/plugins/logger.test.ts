import { Writable } from 'node:stream'
import Fastify from 'fastify'
import { expect, test } from 'vitest'
import { loggerOptions } from './logger'

test('request logs carry no query string, token or cookie', async () => {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  const app = Fastify({ logger: { ...loggerOptions('info'), stream } })
  app.get('/reset-password', async () => 'ok')
  await app.inject({
    method: 'GET',
    url: '/reset-password?token=very-secret-reset-token',
    headers: { authorization: 'Bearer secret-access-token', cookie: 'portal_session=secret-refresh' },
  })
  await app.close()
  const log = lines.join('')
  expect(log).toContain('"path":"/reset-password"')
  expect(log).not.toMatch(/very-secret-reset-token|secret-access-token|secret-refresh/)
})
