import { compare, load } from '../lib/load.mjs'

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
  ]
}
