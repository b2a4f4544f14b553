import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { captureMail } from '../../test/captured-mail'
import { createMailQueue } from './mail-queue'
import type { MailMessage } from './mailer'

const message = (subject: string): MailMessage => ({ to: 'amina@example.test', subject, text: 'Hello' })
const subjects = (sent: MailMessage[]) => sent.map((m) => m.subject)
const ignore = () => {}

describe('the mail queue', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test('sends nothing while posting, and everything once the rush has been quiet for a while', async () => {
    const mailer = captureMail()
    const queue = createMailQueue(mailer, { quietMs: 200, maxWaitMs: 1000 })
    queue.post(message('first'), ignore)
    await vi.advanceTimersByTimeAsync(150)
    queue.post(message('second'), ignore)
    await vi.advanceTimersByTimeAsync(150)
    expect(mailer.sent).toEqual([])
    await vi.advanceTimersByTimeAsync(60)
    expect(subjects(mailer.sent)).toEqual(['first', 'second'])
  })

  test('a steady stream still gets its mail out within the longest wait', async () => {
    const mailer = captureMail()
    const queue = createMailQueue(mailer, { quietMs: 200, maxWaitMs: 1000 })
    for (let i = 0; i < 9; i++) {
      queue.post(message(`booking ${i}`), ignore)
      await vi.advanceTimersByTimeAsync(100)
    }
    expect(mailer.sent).toEqual([])
    queue.post(message('booking 9'), ignore)
    await vi.advanceTimersByTimeAsync(100)
    expect(mailer.sent).toHaveLength(10)
  })

  test('flush sends at once, in order, and resolves when the mailer has answered', async () => {
    const mailer = captureMail()
    const queue = createMailQueue(mailer)
    queue.post(message('a'), ignore)
    queue.post(message('b'), ignore)
    await queue.flush()
    expect(subjects(mailer.sent)).toEqual(['a', 'b'])
    await vi.advanceTimersByTimeAsync(5000)
    expect(mailer.sent).toHaveLength(2)
  })

  test('a failed message goes to its error handler and the next one is still sent', async () => {
    const sent: string[] = []
    const queue = createMailQueue({
      async send(m) {
        if (m.subject === 'bad') throw new Error('SMTP server unreachable')
        sent.push(m.subject)
      },
    })
    const failures: unknown[] = []
    queue.post(message('bad'), (error) => failures.push(error))
    queue.post(message('good'), ignore)
    await queue.flush()
    expect(failures).toEqual([new Error('SMTP server unreachable')])
    expect(sent).toEqual(['good'])
  })
})
