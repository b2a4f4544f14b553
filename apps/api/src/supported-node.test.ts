import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import semver from 'semver'
import { describe, expect, test } from 'vitest'
import { testDatabaseKind } from './test/test-database'

const root = path.resolve(import.meta.dirname, '../../..')
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'))

/**
 * Installed packages whose declared Node range leaves out Node 20, and why they run on it anyway
 * (decision 0079). Both are ES modules only, loaded with `require()` (which loads an ES module
 * from Node 20.19 on, the lowest version `engines` allows) or with `import()`. Their range drops
 * Node 20 because it is past its end of life, not for an API Node 20 lacks.
 */
const RUN_ON_NODE_20_ANYWAY: Record<string, string> = {
  'node_modules/content-disposition': '@fastify/static requires it',
  'node_modules/cookie': "light-my-request (Fastify's inject) requires it; @fastify/cookie imports it",
}

interface LockedPackage {
  engines?: { node?: string }
  os?: string[]
}

/** Every installed package that says it runs on fewer Node versions than the project promises. */
function packagesNarrowerThan(supported: string): string[] {
  const { packages } = readJson('package-lock.json') as { packages: Record<string, LockedPackage> }
  return Object.entries(packages)
    .filter(([, locked]) => !locked.os || locked.os.includes('linux'))
    .filter(([, locked]) => locked.engines?.node && !semver.subset(supported, locked.engines.node))
    .map(([location]) => location)
}

// Files of the repository: checked once, not once per database.
describe.runIf(testDatabaseKind === 'pglite')('the Node versions package.json promises', () => {
  const supported: string = readJson('package.json').engines.node

  test('are Node 20 from 20.19 on and Node 24, the current LTS', () => {
    expect(semver.minVersion(supported)?.version).toBe('20.19.0')
    expect(semver.satisfies('24.0.0', supported)).toBe(true)
  })

  test('every installed package runs on them, or is listed with the reason it does', () => {
    expect(packagesNarrowerThan(supported).sort()).toEqual(Object.keys(RUN_ON_NODE_20_ANYWAY).sort())
  })

  test.each(Object.keys(RUN_ON_NODE_20_ANYWAY))(
    '%s is an ES module that require() loads here',
    (location) => {
      const manifest = readJson(`${location}/package.json`)
      expect(manifest.type).toBe('module')
      // Resolved from the folder holding that copy, so a nested copy is the one loaded.
      const load = createRequire(path.join(root, path.dirname(location), 'resolve-from.js'))
      expect(Object.keys(load(manifest.name)).length).toBeGreaterThan(0)
    },
  )
})
