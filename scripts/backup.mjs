// `npm run backup [-- FILE]` and `npm run restore FILE`: the API's backup command
// (apps/api/dist/backup.js) with the server's configuration; package.json passes which of the two.
import { runApiCommand } from './lib/run-api-command.mjs'

await runApiCommand('backup')
