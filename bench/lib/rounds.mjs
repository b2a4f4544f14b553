// Rounds of measurement on a shared, noisy machine: medians, and two things measured in turns
// with the order flipped every round (ABBA…), so a slow minute lands on both alike.

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** Runs A and B `rounds` times each, alternated; returns each one's results in round order. */
export async function alternate(rounds, runA, runB) {
  const a = []
  const b = []
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      a.push(await runA())
      b.push(await runB())
    } else {
      b.push(await runB())
      a.push(await runA())
    }
  }
  return { a, b }
}

/**
 * One row of `--baseline`'s table from a measure's rounds on both builds: the medians over the
 * rounds that measured both (a round that failed on either build is left out of both), and in how
 * many of those rounds this checkout came out better.
 */
export function sideBySideRow(name, currentValues, baselineValues, { higherIsBetter, digits = 0 }) {
  const pairs = currentValues
    .map((value, round) => [value, baselineValues[round]])
    .filter(([current, baseline]) => Number.isFinite(current) && Number.isFinite(baseline))
  const currentBetter = ([current, baseline]) => (higherIsBetter ? current > baseline : current < baseline)
  return {
    name,
    current: pairs.length ? median(pairs.map(([current]) => current)) : Number.NaN,
    baseline: pairs.length ? median(pairs.map(([, baseline]) => baseline)) : Number.NaN,
    higherIsBetter,
    digits,
    betterIn: pairs.filter(currentBetter).length,
    runs: pairs.length,
  }
}
