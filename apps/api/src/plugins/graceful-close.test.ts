import net from 'node:net'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { expect, test } from 'vitest'
import { queryRows } from '../db/client'
import { createTestApp } from '../test/test-app'

/** A route that waits for `release` before it reads the database, as a slow request would. */
function addSlowRoute(app: FastifyInstance) {
  let release!: () => void
  let started!: () => void
  let done!: (outcome: unknown) => void
  const slow = {
    release: () => release(),
    started: new Promise<void>((resolve) => {
      started = resolve
    }),
    done: new Promise<unknown>((resolve) => {
      done = resolve
    }),
  }
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  app.get('/test/slow', async () => {
    started()
    await gate
    try {
      done(await queryRows(app.database.db, sql`SELECT 1 AS one`))
    } catch (error) {
      done(error)
    }
    return { read: true }
  })
  return slow
}

async function listeningPort(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (typeof address !== 'object' || !address) throw new Error('the test server has no port')
  return address.port
}

/** GET on a kept-alive socket of its own; `reply` is everything the server wrote until it closed. */
function keptAliveGet(port: number, path: string) {
  const socket = net.connect(port, '127.0.0.1')
  socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`)
  let text = ''
  socket.on('data', (chunk) => {
    text += chunk
  })
  const reply = new Promise<string>((resolve) => socket.on('close', () => resolve(text)))
  return { socket, reply }
}

test('a handler whose client has gone finishes its database work before the database closes', async () => {
  const app = await createTestApp()
  const slow = addSlowRoute(app)
  const { socket } = keptAliveGet(await listeningPort(app), '/test/slow')
  await slow.started
  socket.destroy()
  const closed = app.close()
  setTimeout(slow.release, 100)
  // Before: the close finished at once, and the handler's read failed with "PGlite is closed".
  expect(await slow.done).toEqual([{ one: 1 }])
  await closed
})

test('an answer sent while the server closes ends its connection instead of keeping it for another request', async () => {
  const app = await createTestApp()
  const slow = addSlowRoute(app)
  const { reply } = keptAliveGet(await listeningPort(app), '/test/slow')
  await slow.started
  const closed = app.close()
  setTimeout(slow.release, 50)
  const text = await reply
  expect(text).toMatch(/^HTTP\/1\.1 200/)
  expect(text.toLowerCase()).toContain('connection: close')
  expect(text).toContain('{"read":true}')
  await closed
})

test('a request that arrives while the server closes is answered by its route, not refused with a 503', async () => {
  const app = await createTestApp()
  let port = 0
  let late: { status: number; body: unknown } | undefined
  // The hooks before the listener stops are the window in which a new request can still come in.
  app.addHook('preClose', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`)
    late = { status: response.status, body: await response.json() }
  })
  port = await listeningPort(app)
  await app.close()
  // Before: 503 with Fastify's {"error","message","statusCode"}, not the API's {code, message}.
  expect(late?.status).toBe(200)
  expect(late?.body).toMatchObject({ status: 'ok' })
})
