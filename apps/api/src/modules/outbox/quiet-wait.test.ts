import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { whenQuiet } from './quiet-wait'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

test('runs nothing while mail keeps coming, and once when it has been quiet for a while', async () => {
  const run = vi.fn()
  const wait = whenQuiet(run, { quietMs: 200, maxWaitMs: 1000 })
  wait.poke()
  await vi.advanceTimersByTimeAsync(150)
  wait.poke()
  await vi.advanceTimersByTimeAsync(150)
  expect(run).not.toHaveBeenCalled()
  await vi.advanceTimersByTimeAsync(60)
  expect(run).toHaveBeenCalledTimes(1)
})

test('a steady stream still gets its run within the longest wait', async () => {
  const run = vi.fn()
  const wait = whenQuiet(run, { quietMs: 200, maxWaitMs: 1000 })
  for (let i = 0; i < 9; i++) {
    wait.poke()
    await vi.advanceTimersByTimeAsync(100)
  }
  expect(run).not.toHaveBeenCalled()
  wait.poke()
  await vi.advanceTimersByTimeAsync(100)
  expect(run).toHaveBeenCalledTimes(1)
  // The next wait starts afresh.
  wait.poke()
  await vi.advanceTimersByTimeAsync(199)
  expect(run).toHaveBeenCalledTimes(1)
  await vi.advanceTimersByTimeAsync(1)
  expect(run).toHaveBeenCalledTimes(2)
})

test('cancel drops a pending run', async () => {
  const run = vi.fn()
  const wait = whenQuiet(run, { quietMs: 200, maxWaitMs: 1000 })
  wait.poke()
  wait.cancel()
  await vi.advanceTimersByTimeAsync(5000)
  expect(run).not.toHaveBeenCalled()
})
