// @vitest-environment jsdom
import { expect, test } from 'vitest'
import { withSessionLock } from './session-lock'

test('calls that spend the session cookie never overlap, even when one fails', async () => {
  const events: string[] = []
  const task = (name: string, fail = false) =>
    withSessionLock(async () => {
      events.push(`start ${name}`)
      await new Promise((resolve) => setTimeout(resolve, 5))
      events.push(`end ${name}`)
      if (fail) throw new Error(name)
      return name
    })
  const results = await Promise.allSettled([task('a'), task('b', true), task('c')])
  expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c'])
  expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
})
