import { finishCommand } from './lib/cli'
import { runBackupCli } from './modules/backup'

// The operators' backup and restore (`npm run backup`, `npm run restore FILE`), built to dist/backup.js.
finishCommand('backup', runBackupCli(process.argv.slice(2)))
