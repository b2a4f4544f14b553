import { expect, test } from 'vitest'
import { freeText, isPlainText, PLAIN_TEXT_MESSAGE } from './text'

test('plain text has no control character and no lone surrogate; pairs and other scripts are fine', () => {
  for (const ok of ['Amina Rahman', 'José Ñúñez', 'রহমান', '😀 ok', '+880 1700-000000', "O'Brien (Jr.)"])
    expect(isPlainText(ok), ok).toBe(true)
  for (const bad of [
    'a\u0000b',
    'tab\there',
    'line\nbreak',
    'del\u007f',
    'c1\u0085',
    '\u009f',
    'x\ud800',
    '\udfffy',
    '\ud83d',
  ])
    expect(isPlainText(bad), JSON.stringify(bad)).toBe(false)
})

test('a multi-line field takes line breaks, and no other control character', () => {
  expect(isPlainText('first\nsecond', { multiline: true })).toBe(true)
  expect(isPlainText('first\r\nsecond', { multiline: true })).toBe(false)
  expect(isPlainText('a\u0000b', { multiline: true })).toBe(false)
})

test('free text is trimmed, required, bounded and plain', () => {
  const Note = freeText({ required: 'Please write a note.', max: 5, tooLong: 'Too long.' })
  expect(Note.parse('  hi  ')).toBe('hi')
  expect(Note.safeParse('   ').error?.issues[0]?.message).toBe('Please write a note.')
  expect(Note.safeParse('toolong').error?.issues[0]?.message).toBe('Too long.')
  expect(Note.safeParse('a\u0000b').error?.issues[0]?.message).toBe(PLAIN_TEXT_MESSAGE)
})
