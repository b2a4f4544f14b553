import { describe, expect, it } from 'vitest'
import { memoryLevels } from './soak.mjs'

/** The levels of a 60-s run sampled every 2 s, whose RSS at each sample is `mbAt(seconds)`. */
const levelsOfSixtySeconds = (mbAt) =>
  memoryLevels(
    Array.from({ length: 31 }, (_, i) => ({ at: i * 2_000, mb: mbAt(i * 2) })),
    60_000,
    60_000,
  )

describe('memoryLevels', () => {
  it("leaves a start's first fifth out of the level the budget judges, and keeps it in the peak", () => {
    const levels = levelsOfSixtySeconds((seconds) => (seconds < 12 ? 660 : 260))
    expect(levels.high).toBe(260)
    expect(levels.peak).toBe(660)
  })

  it('reports a level the server holds after its warm-up', () => {
    expect(levelsOfSixtySeconds((seconds) => (seconds < 30 ? 260 : 500)).high).toBe(500)
  })
})
