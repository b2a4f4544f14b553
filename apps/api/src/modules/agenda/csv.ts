/**
 * CSV as spreadsheet programs read it safely. UTF-8 with a byte order mark, or Excel reads the
 * file in the machine's legacy code page and Bangla names come out garbled; CRLF line ends
 * (RFC 4180); every field quoted with its quotes doubled, so commas, quotes and line breaks in a
 * value stay in their cell.
 */
const BOM = '\uFEFF'

/**
 * A cell that starts like a formula is run as one by the spreadsheet (`=cmd|' /C calc'!A0`): a
 * leading apostrophe makes it text (OWASP, CSV injection). A phone number such as '+880 …'
 * gets one too, which the spreadsheet shows as the text it is.
 */
const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return `"${text.replaceAll('"', '""')}"`
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return `${BOM}${rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('')}`
}
