// `npm run test:long`: the 5-minute soak and a crash loop of 20 kills, on the production build,
// on PGlite and (with TEST_DATABASE_URL) PostgreSQL, one file at a time: each measures a server.
import { spawnSync } from 'node:child_process'
import { buildIfStale, root } from './lib/build-if-stale.mjs'

buildIfStale()
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'api:*',
    '--no-file-parallelism',
    'apps/api/src/soak.test.ts',
    'apps/api/src/crash-loop.test.ts',
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SOAK_SECONDS: '300', CRASH_KILLS: '20' },
  },
)
process.exit(result.status ?? 1)
