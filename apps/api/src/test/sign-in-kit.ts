import type { FastifyInstance } from 'fastify'

/**
 * `count` sign-ins with wrong passwords from one address, taking turns between `servers` as a
 * load balancer would; answers their status codes in order.
 */
export async function failedSignInsInTurn(
  servers: FastifyInstance[],
  count: number,
  remoteAddress: string,
): Promise<number[]> {
  const statuses: number[] = []
  for (let n = 0; n < count; n++) {
    const server = servers[n % servers.length] as FastifyInstance
    const res = await server.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `nobody-${n}@example.test`, password: 'Wrong!Pass1' },
      remoteAddress,
    })
    statuses.push(res.statusCode)
  }
  return statuses
}
