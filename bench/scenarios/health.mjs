import { compare, load } from '../lib/load.mjs'
import { cpuMilliseconds } from '../lib/processes.mjs'
import { median } from '../lib/rounds.mjs'
import { newDataDir, settleAfterStart, startPortal } from '../lib/servers.mjs'

/** Framework overhead: GET /api/health against a bare node:http JSON server (budget ≥ 75%: the access log is on). */
export async function healthScenario({ portal, bare, rounds, duration }) {
  await load({ url: `${portal.url}/api/health`, duration: 1 })
  await load({ url: bare.url, duration: 1 })
  const { a, b } = await compare(
    rounds,
    () => load({ url: `${portal.url}/api/health`, duration }),
    () => load({ url: bare.url, duration }),
  )
  return [
    {
      name: 'GET /api/health',
      rps: a.rps,
      p99: a.p99,
      errors: a.errors,
      ratio: a.rps / b.rps,
      budget: 0.75,
      bare: b,
    },
    await accessLineCost({ rounds, duration }),
  ]
}

/**
 * What the access line costs a request: the server's CPU time per GET /api/health against the
 * same build at LOG_LEVEL=warn, which writes no access line, in alternated pairs of runs. CPU
 * time, not req/s: the load generator caps both servers alike. The shared machine swings a run
 * by tens of microseconds, so the row is the median of the pairs' differences, with their spread.
 */
async function accessLineCost({ rounds, duration }) {
  // Both on fresh data, so that no background job of the bench's data set runs in one of them.
  const portal = await startPortal({ dataDir: await newDataDir() })
  const quiet = await startPortal({ dataDir: await newDataDir(), env: { LOG_LEVEL: 'warn' } })
  try {
    await settleAfterStart(portal, quiet)
    const cpuPerRequest = async (server) => {
      const before = cpuMilliseconds(server.pid)
      const run = await load({ url: `${server.url}/api/health`, duration })
      return { errors: run.errors, cpuUs: ((cpuMilliseconds(server.pid) - before) * 1000) / run.requests }
    }
    const pairs = []
    for (let round = 0; round < rounds; round++) {
      // Alternate which goes first, so drift during a pair favours neither.
      const earlier = round % 2 === 0 ? undefined : await cpuPerRequest(quiet)
      const logged = await cpuPerRequest(portal)
      const unlogged = earlier ?? (await cpuPerRequest(quiet))
      pairs.push({ logged, unlogged, difference: logged.cpuUs - unlogged.cpuUs })
    }
    const differences = pairs.map((pair) => pair.difference).sort((a, b) => a - b)
    return {
      name: 'GET /api/health: CPU a request with the access line − without (LOG_LEVEL=warn), µs',
      unit: 'median',
      value: median(differences),
      digits: 1,
      detail: `of ${rounds} pairs, from ${differences[0].toFixed(1)} to ${differences.at(-1).toFixed(1)}; with it ${median(pairs.map((pair) => pair.logged.cpuUs)).toFixed(1)} µs a request`,
      pass: pairs.every((pair) => pair.logged.errors === 0 && pair.unlogged.errors === 0),
      budgetText: 'none set (decision 0060)',
    }
  } finally {
    await Promise.all([portal.stop(), quiet.stop()])
  }
}
