import { expect, test } from 'vitest'
import { PHONE_MESSAGES, PhoneNumber, phoneDisplay } from './phone'

test('a Bangladeshi number as patients write it is kept in E.164', () => {
  for (const typed of ['01712345678', '01712-345678', ' 017 1234 5678 ', '+880 1712 345678'])
    expect(PhoneNumber.parse(typed)).toBe('+8801712345678')
  expect(PhoneNumber.parse('+1 212 555 0147')).toBe('+12125550147')
})

test('text that is no phone number is refused with one message', () => {
  for (const typed of ['abc', '12345', '0171234567', '+880 abc', 'call 01712345678 today']) {
    const result = PhoneNumber.safeParse(typed)
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([PHONE_MESSAGES.invalid])
  }
  expect(PhoneNumber.safeParse('  ').error?.issues[0]?.message).toBe(PHONE_MESSAGES.required)
})

test('a stored number is shown nationally with a tel: link, a foreign one internationally', () => {
  expect(phoneDisplay('+8801712345678')).toEqual({ text: '01712-345678', href: 'tel:+8801712345678' })
  expect(phoneDisplay('+12125550147')).toEqual({ text: '+1 212 555 0147', href: 'tel:+12125550147' })
})

test('free text stored before numbers were checked is shown as it is, without a link', () => {
  for (const old of ['abc', '+880 1700 000000', '', '+999999999999'])
    expect(phoneDisplay(old)).toEqual({ text: old, href: null })
})
