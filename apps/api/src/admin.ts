import { runAdminCli } from './modules/users'

// The operators' command (`npm run admin -- promote EMAIL`), built to dist/admin.js.
runAdminCli(process.argv.slice(2)).then(
  ({ exitCode, message }) => {
    if (exitCode === 0) console.log(message)
    else console.error(message)
    process.exit(exitCode)
  },
  (error: unknown) => {
    console.error('The admin command failed:', error)
    process.exit(1)
  },
)
