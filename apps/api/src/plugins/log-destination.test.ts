import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { expect, test, vi } from 'vitest'
import { BATCH_DELAY_MS, BATCH_MAX_LENGTH, BatchedDestination, writesReadableLines } from './log-destination'

test('lines go out together after a short wait, in one write', () => {
  vi.useFakeTimers()
  try {
    const writes: string[] = []
    const destination = new BatchedDestination({ write: (chunk: string) => writes.push(chunk) })
    destination.write('{"n":1}\n')
    destination.write('{"n":2}\n')
    vi.advanceTimersByTime(BATCH_DELAY_MS - 1)
    destination.write('{"n":3}\n')
    expect(writes).toEqual([])
    vi.advanceTimersByTime(1)
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n'])
    destination.write('{"n":4}\n')
    vi.advanceTimersByTime(BATCH_DELAY_MS)
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n', '{"n":4}\n'])
  } finally {
    vi.useRealTimers()
  }
})

test('lines that fill the batch go out at once', () => {
  const writes: string[] = []
  const destination = new BatchedDestination({ write: (chunk: string) => writes.push(chunk) })
  const line = `${JSON.stringify({ filler: 'x'.repeat(1000) })}\n`
  const lines = Math.ceil(BATCH_MAX_LENGTH / line.length)
  for (let n = 0; n < lines; n++) destination.write(line)
  expect(writes).toEqual([line.repeat(lines)])
})

const here = (file: string) => JSON.stringify(path.join(import.meta.dirname, file))

/** Runs `script` (an ES module that may import this folder's TypeScript) in a process of its own. */
const runScript = (script: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: import.meta.dirname,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  })

/** A process that logs three lines on standard output and then ends as `ending` says, in the same turn. */
const logThenEnd = (ending: string) =>
  runScript(`
    const { createLogger } = await import(${here('logger.ts')})
    const { log } = createLogger('info')
    for (const n of [1, 2, 3]) log.info({ n }, 'before the end')
    ${ending}`)

test.each([
  ['process.exit(0)', 0],
  ["throw new Error('fatal crash')", 1],
  ["Promise.reject(new Error('unhandled'))", 1],
])('no line is lost when the process ends with %s', (ending, status) => {
  const child = logThenEnd(ending)
  expect(child.status).toBe(status)
  const lines = child.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
  expect(lines.map((line) => line.n)).toEqual([1, 2, 3])
})

test.each([
  ['auto', true, true],
  ['auto', false, false],
  ['json', true, false],
  ['json', false, false],
  ['pretty', false, true],
  ['pretty', true, true],
] as const)('LOG_FORMAT=%s with a terminal %s: readable lines %s', (format, terminal, readable) => {
  expect(writesReadableLines(format, terminal)).toBe(readable)
})

test('LOG_FORMAT=pretty writes readable lines, not JSON, on standard output', () => {
  const child = runScript(`
    const { logDestinationFor } = await import(${here('log-destination.ts')})
    const { createLogger } = await import(${here('logger.ts')})
    const { log } = createLogger('info', await logDestinationFor('pretty'))
    log.info({ bookingId: 'b-1' }, 'booking made')`)
  expect(child.status).toBe(0)
  expect(child.stdout).toMatch(/INFO.*: booking made\n\s+bookingId: "b-1"/)
  expect(() => JSON.parse(child.stdout)).toThrow()
})
