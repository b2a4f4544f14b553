import { finishCommand } from './lib/cli'
import { runAdminCli } from './modules/users'

// The operators' command (`npm run admin -- promote EMAIL`), built to dist/admin.js.
finishCommand('admin', runAdminCli(process.argv.slice(2)))
