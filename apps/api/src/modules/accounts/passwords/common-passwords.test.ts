import { expect, test } from 'vitest'
import { STRONG_PASSWORD } from '../../../test/factories'
import { assertUncommonPassword } from './common-passwords'

test('a listed password is refused in any casing, with the spec message', async () => {
  for (const password of ['P@ssw0rd', 'p@ssw0rd', 'P@SSW0RD']) {
    await expect(assertUncommonPassword(password)).rejects.toMatchObject({
      code: 'WEAK_PASSWORD',
      statusCode: 400,
      message: 'Password Must Be Strong!',
    })
  }
})

test("the tests' own passwords are not on the list", async () => {
  for (const password of [STRONG_PASSWORD, 'Sm1le!Bright', 'Str0ng!pass', 'Admin#2026']) {
    await expect(assertUncommonPassword(password)).resolves.toBeUndefined()
  }
})
