import { connect } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildApp } from './app'
import type { ServerTimeouts } from './server-timeouts'
import { captureMail } from './test/captured-mail'
import { testConfig } from './test/test-app'
import { createTestDatabase } from './test/test-database'

const build = (timeouts?: ServerTimeouts) =>
  createTestDatabase().then((database) =>
    buildApp(testConfig(), {
      database,
      logger: false,
      webDir: '/nonexistent',
      mailer: captureMail(),
      timeouts,
    }),
  )

test('in production a request, body included, must arrive within 30 s; idle sockets are closed', async () => {
  const app = await build()
  try {
    expect(app.server.requestTimeout).toBe(30_000)
    expect(app.server.headersTimeout).toBeLessThanOrEqual(10_000)
    expect(app.server.keepAliveTimeout).toBeLessThanOrEqual(10_000)
    expect(app.server.timeout).toBeGreaterThanOrEqual(30_000)
    // Node looks for expired requests only this often (its default: every 30 s).
    const { connectionsCheckingInterval } = app.server as { connectionsCheckingInterval?: number }
    expect(connectionsCheckingInterval).toBeLessThanOrEqual(2_000)
  } finally {
    await app.close()
  }
})

describe('with the timeouts shortened', () => {
  const requestMs = 400
  const checkIntervalMs = 100
  let app: FastifyInstance
  let port: number
  beforeAll(async () => {
    app = await build({
      requestMs,
      headersMs: requestMs,
      keepAliveMs: requestMs,
      idleMs: 5_000,
      checkIntervalMs,
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    port = (app.server.address() as { port: number }).port
  })
  afterAll(() => app.close())

  /** Sends `text` on a raw socket; resolves with what came back once the server closes it. */
  function sendAndWaitForClose(text: string, giveUpMs: number) {
    return new Promise<{ closed: boolean; answer: string; afterMs: number }>((resolve) => {
      const started = Date.now()
      const socket = connect(port, '127.0.0.1', () => socket.write(text))
      let answer = ''
      socket.on('data', (chunk) => {
        answer += chunk
      })
      socket.on('error', () => {})
      const giveUp = setTimeout(() => {
        socket.destroy()
        resolve({ closed: false, answer, afterMs: Date.now() - started })
      }, giveUpMs)
      socket.on('close', () => {
        clearTimeout(giveUp)
        resolve({ closed: true, answer, afterMs: Date.now() - started })
      })
    })
  }

  test('a half-sent body does not hold the socket: the server answers 408 and closes it', async () => {
    const head = [
      'POST /api/auth/login HTTP/1.1',
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      'Content-Length: 1000',
      '',
      '',
    ].join('\r\n')
    const result = await sendAndWaitForClose(`${head}{"email":"${'a'.repeat(480)}`, 5_000)
    expect(result.closed).toBe(true)
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(JSON.parse(result.answer.split('\r\n\r\n')[1] ?? '')).toEqual({
      code: 'REQUEST_TIMEOUT',
      message: 'The request took too long to arrive. Please try again.',
    })
    expect(result.afterMs).toBeGreaterThanOrEqual(requestMs - 50)
  })

  test('half-sent headers do not hold the socket either', async () => {
    const result = await sendAndWaitForClose('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 5_000)
    expect(result.closed).toBe(true)
  })

  test('an idle keep-alive connection is closed after the keep-alive timeout', async () => {
    const result = await sendAndWaitForClose('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 5_000)
    expect(result.answer).toMatch(/^HTTP\/1\.1 200 /)
    expect(result.closed).toBe(true)
  })
})
