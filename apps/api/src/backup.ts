import { runBackupCli } from './modules/backup'

// The operators' backup and restore (`npm run backup`, `npm run restore FILE`), built to dist/backup.js.
runBackupCli(process.argv.slice(2)).then(
  ({ exitCode, message }) => {
    if (exitCode === 0) console.log(message)
    else console.error(message)
    process.exit(exitCode)
  },
  (error: unknown) => {
    console.error('The backup command failed:', error)
    process.exit(1)
  },
)
