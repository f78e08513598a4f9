import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/** Role names as the spec names them; the staff role is `{product}Administrator`. */
export const ROLES = ['Customer', 'CustomerAdministrator', 'SkafferiAdministrator'] as const;
export type RoleName = (typeof ROLES)[number];

export const companies = pgTable('companies', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  orgNumber: text('org_number'),
  active: boolean('active').notNull().default(true),
  street: text('street'),
  postalCode: text('postal_code'),
  city: text('city'),
  phone: text('phone'),
  email: text('email'),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    /** Null until the user has set a password through the registration link. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    roles: text('roles').array().notNull().default([]),
    defaultCompanyId: uuid('default_company_id').references(() => companies.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    scannerSound: boolean('scanner_sound').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email)],
);

/** A "customer" in the spec's words: a user linked to a company. */
export const userCompanies = pgTable(
  'user_companies',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index('user_companies_company_idx').on(t.companyId)],
);

/** Opaque bearer tokens; only their SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    /**
     * Set when the token was renewed. A replaced token no longer authenticates calls, but may be renewed again for
     * TOKEN_REPLACED_GRACE_SECONDS: the answer to the first renewal may have been lost on the way (decision 0038).
     */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use, expiring links sent by mail: password reset and account activation. */
export const authLinks = pgTable(
  'auth_links',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reset-password', 'registration'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_links_token_idx').on(t.tokenHash)],
);

/** Stored answers of mutating requests, per user and Idempotency-Key (kept 30 days). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code').notNull(),
    response: text('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_created_idx').on(t.createdAt)],
);
