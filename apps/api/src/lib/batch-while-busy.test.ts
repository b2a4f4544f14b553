import { describe, expect, test } from 'vitest'
import { batchWhileBusy } from './batch-while-busy'

/** A batch operation that records each batch and doubles its inputs. */
function doubler(fail?: (input: number) => boolean) {
  const batches: number[][] = []
  const run = async (inputs: number[]) => {
    batches.push(inputs)
    await new Promise((resolve) => setImmediate(resolve))
    if (fail && inputs.some(fail)) throw new Error(`bad input in ${inputs.join(',')}`)
    return inputs.map((n) => n * 2)
  }
  return { run, batches }
}

describe('batchWhileBusy', () => {
  test('runs the first call alone and the calls made meanwhile together, answering each its own', async () => {
    const { run, batches } = doubler()
    const double = batchWhileBusy(run)
    const answers = await Promise.all([1, 2, 3, 4].map(double))
    expect(answers).toEqual([2, 4, 6, 8])
    expect(batches).toEqual([[1], [2, 3, 4]])
  })

  test('an idle call runs at once, by itself', async () => {
    const { run, batches } = doubler()
    const double = batchWhileBusy(run)
    expect(await double(5)).toBe(10)
    expect(await double(6)).toBe(12)
    expect(batches).toEqual([[5], [6]])
  })

  test('takes at most maxBatch at a time', async () => {
    const { run, batches } = doubler()
    const double = batchWhileBusy(run, 2)
    await Promise.all([1, 2, 3, 4, 5].map(double))
    expect(batches).toEqual([[1], [2, 3], [4, 5]])
  })

  test('when a batch fails, each input is tried alone and only the bad one fails', async () => {
    const { run } = doubler((n) => n === 3)
    const double = batchWhileBusy(run)
    const answers = await Promise.allSettled([1, 2, 3, 4].map(double))
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : 'failed'))).toEqual([2, 4, 'failed', 8])
  })
})
