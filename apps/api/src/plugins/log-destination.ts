import { type DestinationStream, pino } from 'pino'

/** How long a line may wait for others to go out with it, and how much may wait. */
export const BATCH_DELAY_MS = 50
export const BATCH_MAX_LENGTH = 64 * 1024

/**
 * Holds the lines written in the last `BATCH_DELAY_MS` (at most `BATCH_MAX_LENGTH` characters)
 * and hands them to `target` in one write. Measured with perf on the shared bench machine under
 * load (GET /api/health, CPU time of 60,000 requests, medians of 3-4 runs, against the same build
 * at LOG_LEVEL=warn): with the access line written by pino, a write per line, a request cost 2.5
 * times the CPU; with a write per turn of the event loop 1.9 times; with a write every 50 ms the
 * noise hid any difference. Nothing is handed to another thread (pino's asynchronous mode), so
 * no write is ever in flight for an exit to cut short.
 */
export class BatchedDestination implements DestinationStream {
  #pending = ''
  #timer: NodeJS.Timeout | undefined
  readonly #target: DestinationStream

  constructor(target: DestinationStream) {
    this.#target = target
  }

  write(line: string): void {
    this.#pending += line
    if (this.#pending.length >= BATCH_MAX_LENGTH) this.flush()
    else this.#timer ??= setTimeout(this.#flushLater, BATCH_DELAY_MS).unref()
  }

  /** Writes what is waiting now, synchronously when the target writes synchronously. */
  readonly flush = (): void => {
    if (this.#pending === '') return
    const lines = this.#pending
    this.#pending = ''
    this.#target.write(lines)
  }

  readonly #flushLater = (): void => {
    this.#timer = undefined
    this.flush()
  }
}

let standardOutput: BatchedDestination | undefined

/**
 * Standard output for the process's logs, batched. pino's synchronous destination does the
 * writing (it waits out a full pipe and goes quiet on a closed one). What is still waiting when
 * the process ends (process.exit, a signal handled by server.ts, an uncaught exception) is written
 * in the 'exit' event; only a kill -9 or a crash of V8 itself loses the last 50 ms of lines.
 */
export function standardOutputDestination(): BatchedDestination {
  if (!standardOutput) {
    standardOutput = new BatchedDestination(pino.destination({ dest: 1, sync: true }))
    process.on('exit', standardOutput.flush)
  }
  return standardOutput
}

export type LogFormat = 'auto' | 'json' | 'pretty'

/** Readable lines for a person at a terminal; JSON lines for a machine (supervisor, pipe, CI). */
export const writesReadableLines = (format: LogFormat, standardOutputIsTerminal: boolean): boolean =>
  format === 'pretty' || (format === 'auto' && standardOutputIsTerminal)

/**
 * Where the process's log lines go in LOG_FORMAT: JSON lines as they are, or each line through
 * pino-pretty first. pino-pretty is loaded only then, so a JSON server neither loads it at start
 * nor pays for it per line; it formats in this thread, so no line is in flight at exit either.
 */
export async function logDestinationFor(format: LogFormat): Promise<DestinationStream> {
  const terminal = process.stdout.isTTY === true
  if (!writesReadableLines(format, terminal)) return standardOutputDestination()
  const { prettyFactory } = await import('pino-pretty')
  const prettify = prettyFactory({
    colorize: terminal,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  })
  const target = standardOutputDestination()
  return { write: (line: string) => target.write(prettify(line)) }
}
