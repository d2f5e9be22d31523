import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Everything the embedded OIDC provider stores (sessions, grants, interactions, codes, refresh
 * tokens...), one row per model instance; in the database so a restart or a second server
 * copy signs nobody out.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    /** The provider's model name: Session, Grant, AuthorizationCode, RefreshToken... */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** The provider's signing keys (private JWKs) and cookie-signing secrets, made once. */
export const oidcKeys = pgTable(
  'oidc_keys',
  {
    id: text('id').primaryKey(),
    /** 'signing' (a private JWK) or 'cookie' (a secret string under `secret`). */
    kind: text('kind').notNull(),
    material: jsonb('material').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oidc_keys_kind_idx').on(t.kind, t.createdAt)],
);

/** Failed sign-ins per key (email + IP, or IP alone) in a fixed window, against guessing. */
export const signInAttempts = pgTable('sign_in_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
