/** What an operator's command answers: its exit code and the one line it prints. */
export interface CliResult {
  exitCode: number
  message: string
}

/** Prints the command's line (errors to stderr) and exits with its code; a crash exits 1. */
export function finishCommand(name: string, result: Promise<CliResult>): void {
  result.then(
    ({ exitCode, message }) => {
      if (exitCode === 0) console.log(message)
      else console.error(message)
      process.exit(exitCode)
    },
    (error: unknown) => {
      console.error(`The ${name} command failed:`, error)
      process.exit(1)
    },
  )
}
