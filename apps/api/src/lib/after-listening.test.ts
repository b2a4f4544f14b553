import Fastify from 'fastify'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { soonAfterListening } from './after-listening'

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
})

test('runs the work a moment after the server listens, not while it starts', async () => {
  const app = Fastify()
  const work = vi.fn()
  soonAfterListening(app, 'practice', work)
  await app.listen({ port: 0, host: '127.0.0.1' })
  expect(work).not.toHaveBeenCalled()
  await vi.advanceTimersByTimeAsync(2_000)
  expect(work).toHaveBeenCalledOnce()
  await app.close()
})

test('a server closed first never runs it, and a failed run is logged, not thrown', async () => {
  const closedEarly = Fastify()
  const never = vi.fn()
  soonAfterListening(closedEarly, 'practice', never)
  await closedEarly.listen({ port: 0, host: '127.0.0.1' })
  await closedEarly.close()
  await vi.advanceTimersByTimeAsync(2_000)
  expect(never).not.toHaveBeenCalled()

  const app = Fastify()
  const warn = vi.spyOn(app.log, 'warn')
  soonAfterListening(app, 'practice', async () => {
    throw new Error('database gone')
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  await vi.advanceTimersByTimeAsync(2_000)
  expect(warn).toHaveBeenCalledWith({ err: expect.any(Error) }, 'practice failed')
  await app.close()
})
