import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp } from '../../test/test-app'

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL: 'https://smile.example.test/' })
})
afterAll(() => app.close())

test("sitemap.xml lists the public pages at the server's PUBLIC_URL", async () => {
  const res = await app.inject({ method: 'GET', url: '/sitemap.xml' })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toMatch(/^application\/xml/)
  const locations = [...res.body.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1])
  expect(locations).toEqual([
    'https://smile.example.test/',
    'https://smile.example.test/about',
    'https://smile.example.test/appointment',
    'https://smile.example.test/team',
    'https://smile.example.test/reviews',
    'https://smile.example.test/contact',
  ])
  expect(res.body).not.toContain('localhost')
})

test("robots.txt keeps crawlers out of the dashboard and the API and points at the server's sitemap", async () => {
  const res = await app.inject({ method: 'GET', url: '/robots.txt' })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toMatch(/^text\/plain/)
  expect(res.body).toContain('Disallow: /dashboard\nDisallow: /api/\n')
  expect(res.body).toContain('Sitemap: https://smile.example.test/sitemap.xml\n')
})
