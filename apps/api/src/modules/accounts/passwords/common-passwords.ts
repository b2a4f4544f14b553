import { PASSWORD_NOT_STRONG_MESSAGE } from '@shared/accounts'
import { AppError } from '../../../errors'

let commonPasswords: Promise<ReadonlySet<string>> | undefined

/**
 * zxcvbn-ts's list of ~49,000 common passwords, lower-cased. Loaded on first use, not at import:
 * decompressing it costs tens of milliseconds the server's start must not pay.
 */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((word) => word.toLowerCase())),
  )
  return commonPasswords
}

/**
 * Loads the list ahead of the first new password, after the start (unpacking it right at listen
 * delayed the first answers by ~100 ms); a registration before then loads it itself.
 */
export async function prepareCommonPasswords(): Promise<void> {
  await loadCommonPasswords()
}

/**
 * Refuses a password from the list even when it passes the spec's rules ('P@ssw0rd' does):
 * such a password falls to the first guesses of any attacker. Compared lower-cased, since
 * guessers try every casing of a listed word.
 */
export async function assertUncommonPassword(password: string): Promise<void> {
  if ((await loadCommonPasswords()).has(password.toLowerCase())) {
    throw new AppError('WEAK_PASSWORD', PASSWORD_NOT_STRONG_MESSAGE)
  }
}
