import { describe, expect, test } from 'vitest'
import { csvCell, toCsv } from './csv'

describe('CSV cells', () => {
  test('every cell is quoted, with its quotes doubled', () => {
    expect(csvCell('Amina Rahman')).toBe('"Amina Rahman"')
    expect(csvCell('Ann "Annie" Lee, DDS')).toBe('"Ann ""Annie"" Lee, DDS"')
    expect(csvCell('')).toBe('""')
  })

  test.each([
    ["=cmd|' /C calc'!A0", `"'=cmd|' /C calc'!A0"`],
    ['+1-2', `"'+1-2"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(1)', `"'@SUM(1)"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
  ])('a cell that starts like a formula is made text: %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell)
  })

  test('a formula sign later in the cell is left alone', () => {
    expect(csvCell('Rahim = Karim')).toBe('"Rahim = Karim"')
    expect(csvCell('01700-000000')).toBe('"01700-000000"')
  })
})

test('a file starts with the byte order mark and ends every line with CRLF', () => {
  const csv = toCsv([
    ['Name', 'Phone'],
    ['রহিম উদ্দিন', '017'],
  ])
  expect(csv).toBe('\uFEFF"Name","Phone"\r\n"রহিম উদ্দিন","017"\r\n')
  expect([...Buffer.from(csv, 'utf8').subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
})
