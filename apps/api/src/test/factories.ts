import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { users } from '../db/schema'

export interface TestAccount {
  id: string
  email: string
  name: string
  role: 'patient' | 'admin'
  token: string
  /** `{ authorization: 'Bearer …' }`, ready for app.inject. */
  headers: { authorization: string }
}

/** An account inserted straight into the database, with a fresh access token. */
export async function createAccount(
  app: FastifyInstance,
  overrides: Partial<Pick<TestAccount, 'email' | 'name' | 'role'>> = {},
): Promise<TestAccount> {
  const email = overrides.email ?? `patient-${randomUUID().slice(0, 8)}@example.test`
  const [row] = await app.database.db
    .insert(users)
    .values({ email, name: overrides.name ?? 'Test Patient', role: overrides.role ?? 'patient' })
    .returning()
  if (!row) throw new Error('account not created')
  const token = await app.accessTokens.sign({ id: row.id, email: row.email })
  return { id: row.id, email: row.email, name: row.name, role: row.role, token, headers: { authorization: `Bearer ${token}` } }
}

export const createAdmin = (app: FastifyInstance) => createAccount(app, { role: 'admin', name: 'Clinic Admin' })
