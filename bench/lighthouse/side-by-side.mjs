// Lighthouse for `npm run bench -- --baseline REF`: one run per page on each build in a round, the
// builds' order swapped every round, so a noisy minute lands on both. A single Lighthouse run of
// one page swings by several times its TBT on this machine; only pairs taken side by side say
// which build is faster.
import { alternate, sideBySideRow } from '../lib/rounds.mjs'
import { lighthouseScenario } from './scenario.mjs'

/** The pages compared when `--pages` names none: the two whose budget is performance 100. */
export const SIDE_BY_SIDE_PAGES = ['/', '/appointment']

const COMPARED_METRICS = [
  { id: 'performance', higherIsBetter: true },
  { id: 'TBT ms', higherIsBetter: false },
  { id: 'LCP ms', higherIsBetter: false },
]

/** Rows for baseline.mjs's table: per page and metric, each build's runs side by side. */
export async function lighthouseSideBySide({ current, baseline, rounds, paths = SIDE_BY_SIDE_PAGES }) {
  const audit = (portal) => () => lighthouseScenario({ baseURL: portal.url, runs: 1, paths })
  const byRound = await alternate(rounds, audit(current), audit(baseline))
  return paths.flatMap((page) =>
    COMPARED_METRICS.map(({ id, higherIsBetter }) => {
      const valuesOf = (runs) =>
        runs.map((rows) => rows.find((row) => row.page === page && row.metric === id)?.value ?? Number.NaN)
      return sideBySideRow(`Lighthouse ${id} ${page}`, valuesOf(byRound.a), valuesOf(byRound.b), {
        higherIsBetter,
      })
    }),
  )
}
