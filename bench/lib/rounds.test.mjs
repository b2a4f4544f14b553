import { describe, expect, it } from 'vitest'
import { alternate, median, sideBySideRow } from './rounds.mjs'

describe('alternate', () => {
  it('flips the order every round and returns each side in round order', async () => {
    const calls = []
    const run = (side) => {
      let round = 0
      return async () => {
        calls.push(side)
        return `${side}${round++}`
      }
    }
    const { a, b } = await alternate(4, run('A'), run('B'))
    expect(calls).toEqual(['A', 'B', 'B', 'A', 'A', 'B', 'B', 'A'])
    expect(a).toEqual(['A0', 'A1', 'A2', 'A3'])
    expect(b).toEqual(['B0', 'B1', 'B2', 'B3'])
  })
})

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3)
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })
})

describe('sideBySideRow', () => {
  it('counts the rounds where a lower value of this checkout wins', () => {
    const row = sideBySideRow('p99 ms', [10, 30, 20], [15, 25, 40], { higherIsBetter: false })
    expect(row).toMatchObject({ name: 'p99 ms', current: 20, baseline: 25, betterIn: 2, runs: 3 })
  })

  it('counts the rounds where a higher value wins when higher is better', () => {
    const row = sideBySideRow('performance', [90, 80, 85], [85, 85, 85], { higherIsBetter: true })
    expect(row).toMatchObject({ current: 85, baseline: 85, betterIn: 1, runs: 3 })
  })

  it('leaves a round that failed on either build out of both medians', () => {
    const row = sideBySideRow('TBT ms', [100, Number.NaN, 300, 50], [200, 10, Number.NaN, 60], {
      higherIsBetter: false,
    })
    expect(row).toMatchObject({ current: 75, baseline: 130, betterIn: 2, runs: 2 })
  })

  it('has no medians when no round measured both', () => {
    const row = sideBySideRow('LCP ms', [Number.NaN], [1200], { higherIsBetter: false })
    expect(row.current).toBeNaN()
    expect(row.baseline).toBeNaN()
    expect(row).toMatchObject({ betterIn: 0, runs: 0 })
  })
})
