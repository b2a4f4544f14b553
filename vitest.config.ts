import { defineConfig } from 'vitest/config'

const usePostgres = Boolean(process.env.TEST_DATABASE_URL)
const apiTests = ['apps/api/src/**/*.test.ts', 'packages/shared/src/**/*.test.ts']

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      { extends: true, test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
      // The benchmark's own arithmetic (pairing of alternated rounds), not its timings.
      { extends: true, test: { name: 'bench', include: ['bench/**/*.test.mjs'] } },
      {
        extends: true,
        test: {
          name: 'api:pglite',
          include: apiTests,
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
        },
      },
    ],
  },
})
