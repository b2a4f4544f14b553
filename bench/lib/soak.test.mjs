import { describe, expect, it } from 'vitest'
import { memoryLevels } from './soak.mjs'

/** A 60-s run sampled every 2 s: `mbAt(seconds)` is the RSS of each sample. */
const sixtySeconds = (mbAt) => Array.from({ length: 31 }, (_, i) => ({ at: i * 2_000, mb: mbAt(i * 2) }))

describe('memoryLevels', () => {
  it("leaves a start's first fifth out of the level the budget judges, and keeps it in the peak", () => {
    const levels = memoryLevels(
      sixtySeconds((s) => (s < 12 ? 660 : 260)),
      60_000,
      60_000,
    )
    expect(levels.high).toBe(260)
    expect(levels.peak).toBe(660)
  })

  it('reports a level the server holds after its warm-up', () => {
    const levels = memoryLevels(
      sixtySeconds((s) => (s < 30 ? 260 : 500)),
      60_000,
      60_000,
    )
    expect(levels.high).toBe(500)
  })
})
