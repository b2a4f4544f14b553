// Lighthouse for `npm run bench -- --baseline REF`: one run per page on each build in a round, the
// builds' order swapped every round, so a noisy minute lands on both. A single Lighthouse run of
// one page swings by several times its TBT on this machine; only pairs taken side by side say
// which build is faster.
import { median } from '../lib/load.mjs'
import { lighthouseScenario } from './scenario.mjs'

/** The pages compared when `--pages` names none: the two whose budget is performance 100. */
export const SIDE_BY_SIDE_PAGES = ['/', '/appointment']

const COMPARED_METRICS = [
  { id: 'performance', higherIsBetter: true },
  { id: 'TBT ms', higherIsBetter: false },
  { id: 'LCP ms', higherIsBetter: false },
]

/**
 * Rows for baseline.mjs's table: per page and metric, the median of each build's runs, and in how
 * many rounds this checkout's run was the better one (rounds where either run failed are left out
 * of both).
 */
export async function lighthouseSideBySide({ current, baseline, rounds, paths = SIDE_BY_SIDE_PAGES }) {
  const byRound = { current: [], baseline: [] }
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ['current', 'baseline'] : ['baseline', 'current']
    for (const side of order) {
      const portal = side === 'current' ? current : baseline
      byRound[side].push(await lighthouseScenario({ baseURL: portal.url, runs: 1, paths }))
    }
  }
  return paths.flatMap((page) =>
    COMPARED_METRICS.map(({ id, higherIsBetter }) => {
      const valueIn = (rows) => rows.find((row) => row.page === page && row.metric === id)?.value
      const pairs = byRound.current
        .map((rows, round) => [valueIn(rows), valueIn(byRound.baseline[round])])
        .filter(([a, b]) => a !== undefined && b !== undefined)
      const better = ([a, b]) => (higherIsBetter ? a > b : a < b)
      return {
        name: `Lighthouse ${id} ${page} (${pairs.length} of ${rounds} rounds measured both)`,
        current: pairs.length ? median(pairs.map(([a]) => a)) : Number.NaN,
        baseline: pairs.length ? median(pairs.map(([, b]) => b)) : Number.NaN,
        higherIsBetter,
        betterIn: pairs.filter(better).length,
        runs: pairs.length,
      }
    }),
  )
}
