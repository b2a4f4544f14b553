import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

// Test-only code (factories, the local OpenID provider, test kits) lives in src/test/ and in
// *.test.ts files. The production bundle must not carry any of it: the source maps Vite writes
// next to each entry name every file that went into it.
const dist = path.resolve(import.meta.dirname, '../dist')
const TEST_ONLY = [/\/src\/test\//, /\.test\.tsx?$/, /(^|\/)e2e\//, /\/node_modules\/oidc-provider\//]

function bundledSources(): string[] {
  const maps = readdirSync(dist).filter((file) => file.endsWith('.js.map'))
  return maps.flatMap((map) => {
    const { sources } = JSON.parse(readFileSync(path.join(dist, map), 'utf8')) as { sources: string[] }
    return sources.map((source) => path.resolve(dist, source))
  })
}

test('the production build carries no test-only code', () => {
  expect(existsSync(path.join(dist, 'server.js.map')), 'run `npm run build -w @portal/api` first').toBe(true)
  const sources = bundledSources()
  expect(sources).toContain(path.resolve(import.meta.dirname, 'server.ts'))
  expect(sources.filter((source) => TEST_ONLY.some((pattern) => pattern.test(source)))).toEqual([])
})
