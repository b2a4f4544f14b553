import Fastify from 'fastify'
import { expect, test } from 'vitest'
import { registerSecurityHeaders } from './security'

async function policyOfAPage(stripe: boolean): Promise<Record<string, string>> {
  const app = Fastify()
  registerSecurityHeaders(app, { stripe })
  app.get('/dashboard/payment/1', async () => 'page')
  const res = await app.inject('/dashboard/payment/1')
  await app.close()
  const policy = String(res.headers['content-security-policy'])
  return Object.fromEntries(
    policy.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/)
      return [name, sources.join(' ')]
    }),
  )
}

test('without Stripe, pages may load nothing from Stripe', async () => {
  const policy = await policyOfAPage(false)
  expect(Object.values(policy).join(' ')).not.toContain('stripe.com')
  expect(policy['script-src']).toBe("'self'")
  expect(policy['frame-src']).toBeUndefined()
})

test('with Stripe, pages may load Stripe.js, frame its card fields and reach its API, and nothing more', async () => {
  const policy = await policyOfAPage(true)
  expect(policy['script-src']).toBe("'self' https://js.stripe.com https://*.js.stripe.com")
  expect(policy['frame-src']).toBe('https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com')
  expect(policy['connect-src']).toBe("'self' https://api.stripe.com")
  expect(policy['frame-ancestors']).toBe("'none'")
  expect(policy['default-src']).toBe("'self'")
})
