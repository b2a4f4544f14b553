import type { FastifyBaseLogger } from 'fastify'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { SOON_MS, startBackgroundJob } from './background-job'

const log = { error: vi.fn() } as unknown as FastifyBaseLogger
const MINUTE = 60_000

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

test('runSoon brings the next run forward to within a second, and a burst of calls makes one run', async () => {
  const job = vi.fn(async () => {})
  const background = startBackgroundJob(job, { name: 'test job', firstAfterMs: MINUTE, everyMs: MINUTE, log })
  await vi.advanceTimersByTimeAsync(5_000)
  expect(job).not.toHaveBeenCalled()
  for (let i = 0; i < 5; i++) background.runSoon()
  await vi.advanceTimersByTimeAsync(SOON_MS)
  expect(job).toHaveBeenCalledTimes(1)
  // Then back to its turn: a minute after that run.
  await vi.advanceTimersByTimeAsync(MINUTE - 1)
  expect(job).toHaveBeenCalledTimes(1)
  await vi.advanceTimersByTimeAsync(1)
  expect(job).toHaveBeenCalledTimes(2)
  await background.close()
})

test('runSoon during a run makes one more run after it, not one beside it', async () => {
  let finish = () => {}
  let inProgress = 0
  let most = 0
  const job = vi.fn(async () => {
    most = Math.max(most, ++inProgress)
    await new Promise<void>((resolve) => {
      finish = resolve
    })
    inProgress--
  })
  const background = startBackgroundJob(job, { name: 'test job', firstAfterMs: 0, everyMs: MINUTE, log })
  await vi.advanceTimersByTimeAsync(0)
  expect(job).toHaveBeenCalledTimes(1)
  background.runSoon()
  background.runSoon()
  await vi.advanceTimersByTimeAsync(5 * SOON_MS)
  expect(job).toHaveBeenCalledTimes(1)
  finish()
  await vi.advanceTimersByTimeAsync(SOON_MS)
  expect(job).toHaveBeenCalledTimes(2)
  finish()
  await vi.advanceTimersByTimeAsync(MINUTE - 1)
  expect(job).toHaveBeenCalledTimes(2)
  expect(most).toBe(1)
  await background.close()
})

test('after close, nothing runs', async () => {
  const job = vi.fn(async () => {})
  const background = startBackgroundJob(job, { name: 'test job', firstAfterMs: MINUTE, everyMs: MINUTE, log })
  await background.close()
  background.runSoon()
  await vi.advanceTimersByTimeAsync(2 * MINUTE)
  expect(job).not.toHaveBeenCalled()
})
