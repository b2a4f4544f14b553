import { connect } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp } from '../test/test-app'

/**
 * Requests Node's HTTP parser refuses before Fastify sees a request (so before the error
 * handler): they are answered `{ code, message }` too, never Fastify's `{ error, statusCode }`.
 */
let app: FastifyInstance
let port: number
beforeAll(async () => {
  app = await createTestApp()
  await app.listen({ port: 0, host: '127.0.0.1' })
  port = (app.server.address() as { port: number }).port
})
afterAll(() => app.close())

/** Sends raw bytes and resolves with the status line and the JSON body once the server closes. */
function sendRaw(text: string) {
  return new Promise<{ status: string; body: unknown }>((resolve, reject) => {
    let answer = ''
    const socket = connect(port, '127.0.0.1', () => socket.write(text))
    socket.on('data', (chunk) => {
      answer += chunk
    })
    socket.on('error', reject)
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n')
      resolve({ status: head.split('\r\n')[0] ?? '', body: JSON.parse(body) })
    })
  })
}

test('a malformed request is a 400 { code, message }', async () => {
  const res = await sendRaw('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nNo colon here\r\n\r\n')
  expect(res.status).toBe('HTTP/1.1 400 Bad Request')
  expect(res.body).toEqual({ code: 'VALIDATION', message: 'The request is invalid.' })
})

test('headers over the limit are a 431 { code, message }', async () => {
  const res = await sendRaw(
    `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
  )
  expect(res.status).toBe('HTTP/1.1 431 Request Header Fields Too Large')
  expect(res.body).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request headers are too large.' })
})
