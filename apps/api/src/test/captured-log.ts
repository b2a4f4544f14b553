import { Writable } from 'node:stream'

/** A log destination for buildApp's `logStream` that keeps every line, for tests that search the logs. */
export function captureLog(): { lines: string[]; stream: Writable } {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return { lines, stream }
}
