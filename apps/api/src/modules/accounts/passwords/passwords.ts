import { randomBytes } from 'node:crypto'
import { type Algorithm, hash, verify } from '@node-rs/argon2'

/**
 * OWASP's argon2id parameters (Password Storage Cheat Sheet): 19 MiB, 2 passes, 1 lane.
 * `Algorithm` is a const enum that isolated modules cannot read, hence the literal 2 (Argon2id).
 */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS)
}

let dummyHash: Promise<string> | undefined
const dummyHashOnce = () => {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'))
  return dummyHash
}

/**
 * Makes the dummy hash ahead of the first sign-in, so the first unknown e-mail is not slower
 * either. Called after the start: the hash's CPU must not delay it.
 */
export async function prepareDummyHash(): Promise<void> {
  await dummyHashOnce()
}

/**
 * Checks a password against a stored hash. Without one (unknown e-mail, Google-only account)
 * it checks against a hash of a random password, so every failure costs the same time and the
 * answer's timing does not tell whether the e-mail has an account.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    await verify(await dummyHashOnce(), password).catch(() => false)
    return false
  }
  return verify(storedHash, password).catch(() => false)
}
