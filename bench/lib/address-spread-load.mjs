import { Agent, request } from 'node:http'
import { median } from './rounds.mjs'

/**
 * A small closed-loop load generator whose requests come from many loopback source addresses
 * (127.0.0.2 …), for endpoints that limit attempts per address. `makeBody(i)` gives the JSON of
 * request i; at most `limit` requests are sent. Resolves with requests/s, p99 (ms) and the count per status code.
 */
export async function spreadLoad({
  url,
  method = 'POST',
  makeBody,
  connections = 10,
  durationMs = 5000,
  addresses = 250,
  limit = Number.POSITIVE_INFINITY,
}) {
  const agents = Array.from(
    { length: addresses },
    (_, i) => new Agent({ keepAlive: true, localAddress: `127.0.0.${2 + i}` }),
  )
  const latencies = []
  const statuses = {}
  let next = 0
  const deadline = performance.now() + durationMs
  const startedAt = performance.now()
  const worker = async () => {
    while (performance.now() < deadline && next < limit) {
      const i = next++
      const sentAt = performance.now()
      const status = await send(url, method, agents[i % addresses], makeBody(i))
      latencies.push(performance.now() - sentAt)
      statuses[status] = (statuses[status] ?? 0) + 1
    }
  }
  await Promise.all(Array.from({ length: connections }, worker))
  const elapsed = (performance.now() - startedAt) / 1000
  for (const agent of agents) agent.destroy()
  latencies.sort((a, b) => a - b)
  return {
    rps: latencies.length / elapsed,
    p50: median(latencies),
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    statuses,
  }
}

function send(url, method, agent, body) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body)
    const req = request(
      url,
      {
        method,
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode))
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}
