import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

const usePostgres = Boolean(process.env.TEST_DATABASE_URL)
const apiTests = ['apps/api/src/**/*.test.ts', 'packages/shared/src/**/*.test.ts']
// Unit and API tests run first, in parallel files (at least two, even on a two-core CI machine:
// their servers wait on the database more than they compute); the browser tests after them, one
// file at a time, so no API test steals the CPU their timeouts assume.
const unitAndApi = { maxWorkers: Math.max(2, availableParallelism() - 1), sequence: { groupOrder: 0 } }

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      { extends: true, test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], ...unitAndApi } },
      // The benchmark's own arithmetic (pairing of alternated rounds), not its timings.
      { extends: true, test: { name: 'bench', include: ['bench/**/*.test.mjs'], ...unitAndApi } },
      {
        extends: true,
        test: {
          name: 'api:pglite',
          include: apiTests,
          ...unitAndApi,
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          env: { TEST_DB_KIND: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(usePostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'api:postgres',
                include: ['apps/api/src/**/*.test.ts'],
                ...unitAndApi,
                globalSetup: ['apps/api/src/test/global-setup.ts'],
                env: { TEST_DB_KIND: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // CI retries a failed browser test once; `npm test` names every test that needed it.
          retry: process.env.E2E_RETRY === '1' ? 1 : 0,
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
