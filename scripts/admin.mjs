// `npm run admin -- promote EMAIL`: builds the API once if needed, then runs its admin command
// (apps/api/dist/admin.js) with the server's configuration and database.
import { runApiCommand } from './lib/run-api-command.mjs'

await runApiCommand('admin')
