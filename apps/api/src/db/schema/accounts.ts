import { sql } from 'drizzle-orm'
import {
  bigserial,
  check,
  doublePrecision,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored trimmed and lower-cased so that look-ups are case-insensitive. */
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    role: text('role', { enum: ['patient', 'admin'] })
      .notNull()
      .default('patient'),
    /** argon2id PHC string; null for accounts that only sign in through Google. */
    passwordHash: text('password_hash'),
    googleSubject: text('google_subject').unique(),
    /** When the owner proved the address (verification link, password reset or Google); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * When the owner deleted the account: the row stays (bookings and audit entries the clinic
     * must keep point at it), its personal fields are erased and its e-mail freed.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_created_idx').on(t.createdAt, t.id),
    // The admin's search by any fragment of a name or an e-mail (pg_trgm, migration 0022): a
    // LIKE '%…%' on these very expressions is answered from them, not by reading every account.
    index('users_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    check('users_role_known', sql`${t.role} IN ('patient', 'admin')`),
    check('users_email_normalised', sql`${t.email} = lower(btrim(${t.email}))`),
  ],
)

/** A signed-in browser. Refresh tokens rotate inside it; reusing an old one revokes it whole. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    /** Where and when the session was last used (sign-in or token renewal), for the account page. */
    address: inet('address'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
)

export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
})

/** Single-use links that prove an account's e-mail address; only their SHA-256 is stored. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was sent to: a link proves only that address. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
)

/**
 * Browsers that signed in to an account before (OWASP's device cookies, decision 0020): one
 * presenting its cookie skips the account's budget of password checks, so strangers who spend
 * that budget do not lock the owner out. `failures` counts checks not yet proven right; at the
 * limit the browser is a stranger again.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    /** SHA-256 of the `portal_device` cookie; the cookie itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    failures: integer('failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('known_devices_user_idx').on(t.userId)],
)

/**
 * The password checks an e-mail may still have from unknown browsers, as a token bucket that
 * refills with time (decision 0020). Keyed by the e-mail as typed (normalised), so unknown
 * e-mails are limited the same way and the limit tells nothing about who has an account.
 */
export const loginBudgets = pgTable('login_budgets', {
  email: text('email').primaryKey(),
  checks: doublePrecision('checks').notNull(),
  refilledAt: timestamp('refilled_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Single-use links that finish a sign-in by mail when the account's budget is spent (decision 0020). */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sign_in_links_user_created_idx').on(t.userId, t.createdAt)],
)

/**
 * Security and administration events (sign-ins, resets, role changes, the admins' changes).
 * `userId` is the account the event is about; `actorId` who did it (the same account, an admin,
 * or null for the system). Never holds a secret.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    event: text('event').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    address: inet('address'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_email_event_at_idx').on(t.email, t.event, t.at),
    index('audit_log_user_at_idx').on(t.userId, t.at),
    index('audit_log_actor_at_idx').on(t.actorId, t.at),
    index('audit_log_event_at_idx').on(t.event, t.at),
    index('audit_log_at_idx').on(t.at),
  ],
)
