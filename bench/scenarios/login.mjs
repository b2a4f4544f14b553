import { spreadLoad } from '../lib/address-spread-load.mjs'

const PASSWORD = 'Bench#2026pass'

/**
 * Sign-in throughput: POST /api/auth/login for many accounts, spread over loopback addresses
 * so the per-address limit (20/min) does not turn the run into a 429 benchmark. Each login
 * verifies an argon2id hash and writes a session, so it is bounded by the hash, not HTTP.
 */
export async function loginScenario({ portal, duration }) {
  const accounts = Array.from({ length: 100 }, (_, i) => `bench-${i}@example.test`)
  const registered = await spreadLoad({
    url: `${portal.url}/api/auth/register`,
    makeBody: (i) => ({
      name: `Bench Patient ${i}`,
      email: accounts[i % accounts.length],
      password: PASSWORD,
    }),
    connections: 4,
    durationMs: 60_000,
    addresses: 100,
    limit: accounts.length,
  })
  if ((registered.statuses[201] ?? 0) < accounts.length)
    throw new Error(`registration failed: ${JSON.stringify(registered.statuses)}`)
  const result = await spreadLoad({
    url: `${portal.url}/api/auth/login`,
    makeBody: (i) => ({ email: accounts[i % accounts.length], password: PASSWORD }),
    durationMs: duration * 1000,
  })
  const ok = result.statuses[200] ?? 0
  const errors = Object.entries(result.statuses).reduce(
    (n, [status, count]) => (status === '200' ? n : n + count),
    0,
  )
  return [
    {
      name: 'POST /api/auth/login (argon2id verify + session)',
      value: result.rps,
      p99: result.p99,
      ok,
      errors,
    },
  ]
}
