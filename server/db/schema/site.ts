import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/** The local mailbox: every mail the app sends is written here (and also sent by SMTP when configured). */
export const mailbox = pgTable(
  'mailbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mailbox_to_idx').on(t.to, t.createdAt)],
);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: id(),
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'unsubscribed'] })
      .notNull()
      .default('pending'),
    tokenHash: text('token_hash').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** When the confirmation link (token_hash) stops working. */
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /**
     * Ends the subscription; every newsletter mail carries it. Kept in plain text on purpose: it can do nothing
     * but unsubscribe this one address (docs/decisions/0031-newsletter-double-opt-in.md).
     */
    unsubscribeToken: text('unsubscribe_token'),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('newsletter_email_idx').on(t.email)],
);

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  companyName: text('company_name'),
  subject: text('subject'),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/**
 * Single-use proofs already spent: solved ALTCHA challenges and contact tokens (as a hash). A second use of one is
 * refused; rows past `expires_at` are useless anyway (the proof itself has expired) and are pruned.
 */
export const spentTokens = pgTable(
  'spent_tokens',
  {
    hash: text('hash').primaryKey(),
    kind: text('kind').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('spent_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * Counters of the rate limits, shared by every server instance on this database (decision 0047): one row per limited
 * key (`login:ip:…`, `login:account:…`, `search:ip:…`) and its current fixed window.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * Secrets the instances must agree on when none is configured (the search keys' parent key, the captcha HMAC key):
 * made once by whichever instance starts first, then read by all (decision 0047).
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
