import { randomUUID } from 'node:crypto'
import type { AuthUser } from '@shared/accounts'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { users } from '../db/schema'
import { DEVICE_COOKIE, SESSION_COOKIE, startSession } from '../modules/accounts'

export interface TestAccount {
  id: string
  email: string
  name: string
  role: 'patient' | 'admin'
  token: string
  /** `{ authorization: 'Bearer …' }`, ready for app.inject. */
  headers: { authorization: string }
}

export const uniqueEmail = (prefix = 'patient') => `${prefix}-${randomUUID().slice(0, 8)}@example.test`

/** An account inserted straight into the database, with a session and a fresh access token. */
export async function createAccount(
  app: FastifyInstance,
  overrides: Partial<Pick<TestAccount, 'email' | 'name' | 'role'>> = {},
): Promise<TestAccount> {
  const email = overrides.email ?? uniqueEmail()
  const [row] = await app.database.db
    .insert(users)
    .values({ email, name: overrides.name ?? 'Test Patient', role: overrides.role ?? 'patient' })
    .returning()
  if (!row) throw new Error('account not created')
  const { sessionId } = await startSession(app.database.db, row.id)
  const token = await app.accessTokens.sign({ id: row.id, email: row.email, sessionId })
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    token,
    headers: { authorization: `Bearer ${token}` },
  }
}

export const createAdmin = (app: FastifyInstance) =>
  createAccount(app, { role: 'admin', name: 'Clinic Admin' })

/** A password that meets the register form's rules (spec section 5). */
export const STRONG_PASSWORD = 'Sm1le!Bright'

let lastAddress = 0
/** A loopback address of its own, so that per-address rate limits never trip between tests. */
export function nextAddress(): string {
  lastAddress += 1
  return `127.${(lastAddress >> 16) & 255}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`
}

/** `portal_session=…` from a response that set the session cookie, for the next request's header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)
  if (!cookie?.value)
    throw new Error(`no session cookie in the ${response.statusCode} response: ${response.body}`)
  return `${SESSION_COOKIE}=${cookie.value}`
}

/** `portal_device=…` from a response that signed a browser in, for its next sign-in's header. */
export function deviceCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === DEVICE_COOKIE)
  if (!cookie?.value)
    throw new Error(`no device cookie in the ${response.statusCode} response: ${response.body}`)
  return `${DEVICE_COOKIE}=${cookie.value}`
}

export interface SignedUpAccount extends TestAccount {
  user: AuthUser
  password: string
  /** The current `portal_session=…` cookie header (already rotated once, by /api/jwt). */
  cookie: string
  /** The `portal_device=…` cookie header of the browser that registered. */
  device: string
}

/** Registers through the API as the web app does (register, then /api/jwt for the token). */
export async function signUp(
  app: FastifyInstance,
  overrides: { name?: string; email?: string; password?: string } = {},
): Promise<SignedUpAccount> {
  const body = {
    name: overrides.name ?? 'Test Patient',
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? STRONG_PASSWORD,
  }
  const remoteAddress = nextAddress()
  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: body,
    remoteAddress,
  })
  if (registered.statusCode !== 201)
    throw new Error(`sign-up failed: ${registered.statusCode} ${registered.body}`)
  const user: AuthUser = registered.json().user
  const jwt = await app.inject({
    method: 'GET',
    url: `/api/jwt?email=${encodeURIComponent(user.email)}`,
    headers: { cookie: sessionCookie(registered) },
    remoteAddress,
  })
  const { token } = jwt.json() as { token: string }
  return {
    id: user.uid,
    email: user.email,
    name: user.displayName,
    role: 'patient',
    token,
    headers: { authorization: `Bearer ${token}` },
    user,
    password: body.password,
    cookie: sessionCookie(jwt),
    device: deviceCookie(registered),
  }
}

/** Makes an account an admin in the database (the role is read on every request). */
export async function makeAdmin<T extends TestAccount>(app: FastifyInstance, account: T): Promise<T> {
  await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, account.id))
  return { ...account, role: 'admin' }
}
