import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { book, day, TODAY, testClock } from '../../test/booking-kit'
import { createAccount, createAdmin, type TestAccount } from '../../test/factories'
import { refusal } from '../../test/refusal'
import { createTestApp } from '../../test/test-app'

describe('the agenda as a CSV file', () => {
  let app: FastifyInstance
  let admin: TestAccount
  const clock = testClock('Asia/Dhaka', TODAY, '09:00')
  beforeAll(async () => {
    app = await createTestApp({}, { now: clock.now })
    admin = await createAdmin(app)
  })
  afterAll(() => app.close())

  const exportDay = (date?: string) =>
    app.inject({
      method: 'GET',
      url: `/api/agenda.csv${date ? `?date=${date}` : ''}`,
      headers: admin.headers,
    })

  async function bookAs(name: string, slot: string, phone = '01700 000000') {
    const patient = await createAccount(app, { name })
    const res = await book(app, patient, { appointmentDate: day(4), slot, phone })
    if (res.statusCode !== 201) throw new Error(`booking: ${res.statusCode} ${res.body}`)
    return patient
  }

  test('UTF-8 with BOM, CRLF, every field quoted, formulas neutralised, Bangla intact', async () => {
    const formula = await bookAs("=cmd|' /C calc'!A0", '08:00 AM - 08:30 AM', '+880 1700 000000')
    await bookAs('+1-2', '08:30 AM - 09:00 AM')
    await bookAs('@SUM(1)', '09:00 AM - 09:30 AM')
    await bookAs('-2+3', '09:30 AM - 10:00 AM')
    const bangla = await bookAs('রহিম উদ্দিন', '10:00 AM - 10:30 AM')
    await bookAs('Ann "Annie" Lee', '10:30 AM - 11:00 AM')

    const res = await exportDay(day(4))
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe(`attachment; filename="agenda-${day(4)}.csv"`)
    // Patients' names and phone numbers: no cache keeps a copy.
    expect(res.headers['cache-control']).toBe('no-store')
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(res.rawPayload.includes(Buffer.from('রহিম উদ্দিন', 'utf8'))).toBe(true)

    const text = res.rawPayload.toString('utf8').slice(1)
    expect(text.endsWith('\r\n')).toBe(true)
    const lines = text.slice(0, -2).split('\r\n')
    expect(lines).toEqual([
      '"Date","Time","Treatment","Patient","Phone","E-mail","Price (TK)","Payment","Attendance"',
      `"${day(4)}","08:00 AM - 08:30 AM","Teeth Cleaning","'=cmd|' /C calc'!A0","01700-000000","${formula.email}","800","Unpaid",""`,
      expect.stringContaining(`"'+1-2"`),
      expect.stringContaining(`"'@SUM(1)"`),
      expect.stringContaining(`"'-2+3"`),
      `"${day(4)}","10:00 AM - 10:30 AM","Teeth Cleaning","রহিম উদ্দিন","01700-000000","${bangla.email}","800","Unpaid",""`,
      expect.stringContaining('"Ann ""Annie"" Lee"'),
    ])
  })

  test('a day without bookings is the header alone, named after the clinic’s today by default', async () => {
    const res = await exportDay()
    expect(res.headers['content-disposition']).toBe(`attachment; filename="agenda-${TODAY}.csv"`)
    const empty = await exportDay(day(50))
    expect(empty.rawPayload.toString('utf8')).toBe(
      '\uFEFF"Date","Time","Treatment","Patient","Phone","E-mail","Price (TK)","Payment","Attendance"\r\n',
    )
  })

  test('a bad date is refused as JSON', async () => {
    expect(refusal(await exportDay('tomorrow'))).toEqual({ status: 400, code: 'VALIDATION' })
  })
})
