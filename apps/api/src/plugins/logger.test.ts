import { hostname } from 'node:os'
import { Writable } from 'node:stream'
import { DrizzleQueryError } from 'drizzle-orm'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import { expect, test, vi } from 'vitest'
import { recordFinishedRequests } from './finished-requests'
import { createLogger, fastifyLoggingOptions, installLogger } from './logger'
import { RequestHistogram } from './request-histogram'

function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = []
  const chunks: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk))
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  const loggers = createLogger(level, stream)
  const app = Fastify(fastifyLoggingOptions())
  installLogger(app, loggers.log)
  const histogram = new RequestHistogram({ name: 'test_seconds', help: 'Test', buckets: [0.01] })
  recordFinishedRequests(app, histogram, loggers.writeAccessLine)
  return { app, logger: loggers.log, lines, chunks }
}

test('request logs carry no query string, token or cookie', async () => {
  const { app, lines } = appLoggingAt('info')
  app.get('/reset-password', async () => 'ok')
  await app.inject({
    method: 'GET',
    url: '/reset-password?token=very-secret-reset-token',
    headers: { authorization: 'Bearer secret-access-token', cookie: 'portal_session=secret-refresh' },
  })
  await app.close()
  const log = JSON.stringify(lines)
  expect(log).toContain('"route":"/reset-password"')
  expect(log).not.toMatch(/very-secret-reset-token|secret-access-token|secret-refresh/)
})

test("the access line names the route's pattern, never the path with its parameters", async () => {
  const { app, lines } = appLoggingAt('info')
  app.get('/api/users/admin/:email', async () => 'ok')
  await app.inject({ method: 'GET', url: '/api/users/admin/ana%40example.test' })
  await app.inject({ method: 'GET', url: '/api/unknown/ana@example.test' })
  await app.close()
  expect(lines.map((line) => line.req)).toEqual([
    { method: 'GET', route: '/api/users/admin/:email', remoteAddress: '127.0.0.1' },
    { method: 'GET', route: null, remoteAddress: '127.0.0.1' },
  ])
  expect(JSON.stringify(lines)).not.toMatch(/ana(%40|@)example/)
})

test('at info every request gets an access line with its status; at warn none', async () => {
  const atInfo = appLoggingAt('info')
  const atWarn = appLoggingAt('warn')
  for (const { app } of [atInfo, atWarn]) {
    app.get('/missing', async (_request, reply) => reply.code(404).send('no'))
    await app.inject({ method: 'GET', url: '/missing' })
    await app.close()
  }
  expect(atInfo.lines).toEqual([
    expect.objectContaining({ msg: 'request completed', statusCode: 404, reqId: expect.any(String) }),
  ])
  expect(atWarn.lines).toEqual([])
})

test('the access line has the fields of every line, then the request, its status and time', async () => {
  const { app, lines } = appLoggingAt('info')
  app.get('/visit', async () => 'ok')
  await app.inject({ method: 'GET', url: '/visit?ref=mail', remoteAddress: '10.0.0.7' })
  await app.close()
  expect(lines).toEqual([
    {
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: hostname(),
      reqId: 'req-1',
      req: { method: 'GET', route: '/visit', remoteAddress: '10.0.0.7' },
      statusCode: 200,
      responseTime: expect.any(Number),
      msg: 'request completed',
    },
  ])
  expect(Object.keys(lines[0] ?? {})).toEqual([
    'level',
    'time',
    'pid',
    'hostname',
    'reqId',
    'req',
    'statusCode',
    'responseTime',
    'msg',
  ])
})

test('quotes and line breaks in a client address cannot add a line or a field', async () => {
  const { app, lines, chunks } = appLoggingAt('info')
  app.get('/visit', async () => 'ok')
  const forged = '","level":60,"msg":"forged"}\n{"level":60,"msg":"forged'
  await app.inject({ method: 'GET', url: '/visit', remoteAddress: forged })
  await app.close()
  expect(chunks).toHaveLength(1)
  expect(chunks[0]?.indexOf('\n')).toBe((chunks[0]?.length ?? 0) - 1)
  expect(lines[0]).toMatchObject({
    level: 30,
    msg: 'request completed',
    req: { route: '/visit', remoteAddress: forged },
  })
})

test('a request whose socket closed before the answer still gets a JSON access line', () => {
  const chunks: string[] = []
  const { writeAccessLine } = createLogger('info', { write: (chunk: string) => chunks.push(chunk) })
  const request = {
    id: 'req-7',
    method: 'GET',
    url: '/api/health',
    ip: undefined,
  } as unknown as FastifyRequest
  const reply = { statusCode: 200, elapsedTime: 1.4 } as FastifyReply
  writeAccessLine?.(request, reply, '/api/health')
  expect(JSON.parse(chunks[0] ?? '')).toMatchObject({
    req: { method: 'GET', route: '/api/health', remoteAddress: null },
    statusCode: 200,
    responseTime: 1,
  })
})

test("a request's lines carry its request id, and only levels at or above the logger's are written", async () => {
  const { app, lines } = appLoggingAt('warn')
  app.get('/visit', async (request) => {
    request.log.info('not written at warn')
    request.log.warn({ detail: 42 }, 'written')
    return 'ok'
  })
  await app.inject({ method: 'GET', url: '/visit' })
  await app.close()
  expect(lines).toEqual([expect.objectContaining({ level: 40, msg: 'written', detail: 42, reqId: 'req-1' })])
})

test('a request that writes nothing makes no child logger', async () => {
  const { app, logger } = appLoggingAt('warn')
  const child = vi.spyOn(logger, 'child')
  app.get('/quiet', async (request) => {
    request.log.info('below the level')
    return 'ok'
  })
  app.get('/loud', async (request) => {
    request.log.error('at the level')
    request.log.error('again')
    return 'ok'
  })
  await app.inject({ method: 'GET', url: '/quiet' })
  expect(child).not.toHaveBeenCalled()
  await app.inject({ method: 'GET', url: '/loud' })
  expect(child).toHaveBeenCalledTimes(1)
  await app.close()
})

test('errors are logged with their type, message and stack frames, replies with their status only', async () => {
  const { app, lines } = appLoggingAt('warn')
  app.get('/fails', async (request, reply) => {
    request.log.error({ err: new Error('disk full'), res: reply }, 'unhandled error')
    return 'ok'
  })
  await app.inject({ method: 'GET', url: '/fails' })
  await app.close()
  expect(lines).toEqual([
    expect.objectContaining({
      err: { type: 'Error', message: 'disk full', stack: expect.stringMatching(/^ {4}at /) },
      res: { statusCode: 200 },
    }),
  ])
})

test("a failed query is logged with its cause's code and message, never the query's parameters", () => {
  const { logger, lines } = appLoggingAt('info')
  const hash = '$argon2id$v=19$m=19456,t=2,p=1$salt$hash'
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
    code: '23505',
    detail: 'Key (email)=(ana@example.test) already exists.',
    query: 'insert into users …',
    params: ['ana@example.test', hash],
  })
  logger.error(
    { err: new DrizzleQueryError('insert into users …', ['ana@example.test', hash], cause) },
    'failed',
  )
  expect(lines[0]?.err).toEqual({
    type: 'DrizzleQueryError',
    stack: expect.any(String),
    cause: {
      type: 'Error',
      code: '23505',
      message: 'duplicate key value violates unique constraint "users_email_key"',
      stack: expect.any(String),
    },
  })
  expect(JSON.stringify(lines)).not.toMatch(/argon2|ana@example|insert into/)
})

test('fields named like secrets are censored at the top of a line and one level down', () => {
  const { logger, lines } = appLoggingAt('info')
  logger.info({
    password: 'p1',
    user: { passwordHash: 'h1', email: 'kept@example.test' },
    headers: { authorization: 'Bearer t1', cookie: 'c1', 'set-cookie': 's1' },
    body: { token: 't2', newPassword: 'p2', card: '4242424242424242' },
  })
  const log = JSON.stringify(lines)
  expect(log).not.toMatch(/p1|h1|t1|c1|s1|t2|p2|4242/)
  expect(log).toContain('kept@example.test')
  expect(lines[0]?.password).toBe('[redacted]')
})

test("the app's own logger is the installed one", () => {
  const { app, lines } = appLoggingAt('info')
  app.log.info('shutting down')
  expect(lines).toEqual([expect.objectContaining({ msg: 'shutting down' })])
})
