import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  MembershipRole,
  type CheckoutTemplate,
  type DeliveryType,
  type LocalizedText,
} from '@app/contracts';

export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  defaultAdminLanguage: text('default_admin_language').notNull().default('en'),
  defaultCurrency: text('default_currency').notNull().default('JOD'),
  isIntegrated: boolean('is_integrated').notNull().default(false),
  viewShowSection: boolean('view_show_section').notNull().default(true),
  bannerImageUrl: text('banner_image_url'),
  // Branding (outlet settings): brand colour, landing image and the two logos.
  primaryHex: text('primary_hex').notNull().default('#1976d2'),
  landingImageUrl: text('landing_image_url'),
  logoUrl: text('logo_url'),
  logoWhiteUrl: text('logo_white_url'),
  // Room-service venues may offer room charge (operations-platform §6, §9).
  roomService: boolean('room_service').notNull().default(false),
  // Bumped by every catalog change; keys the cached catalog tree across server copies.
  catalogVersion: integer('catalog_version').notNull().default(0),
  // A super admin's switch: an inactive tenant's staff are refused and its storefront is gone.
  active: boolean('active').notNull().default(true),
  // From the outlet sign-up: where it is (ISO 3166) and when its free trial ends.
  country: text('country'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type TenantRow = typeof tenants.$inferSelect;

/** A tenant-owned row's tenant: the row goes when its tenant is deleted. */
export function tenantIdColumn() {
  return uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
}

export const branches = pgTable(
  'branches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    phoneNumber: text('phone_number'),
    timeZone: text('time_zone').notNull(),
    checkoutTemplates: text('checkout_templates')
      .array()
      .$type<CheckoutTemplate[]>()
      .notNull()
      .default(sql`'{DELIVERY,PICKUP,DINING}'::text[]`),
    closed: boolean('closed').notNull().default(false),
    acceptingOrders: boolean('accepting_orders').notNull().default(true),
    busy: boolean('busy').notNull().default(false),
    // An order still not accepted after this many minutes is pushed again to the branch's
    // managers and owners (issue 36).
    escalateAfterMinutes: integer('escalate_after_minutes').notNull().default(3),
    // A storefront on the branch's own domain has no public ordering link of ours.
    customDomain: text('custom_domain'),
    websiteHost: text('website_host'),
    deliveryType: text('delivery_type')
      .$type<DeliveryType>()
      .notNull()
      .default('ZONE_BASED_FIXED_FEES'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('branches_tenant_idx').on(t.tenantId, t.position)],
);
export type BranchRow = typeof branches.$inferSelect;

/** A branch-owned row's branch: the row goes when its branch is deleted. */
export function branchIdColumn() {
  return uuid('branch_id')
    .notNull()
    .references(() => branches.id, { onDelete: 'cascade' });
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The address the account signs in with. Unique among verified addresses only: an
    // unverified one reserves nothing, so nobody blocks an address by registering it first.
    email: text('email').notNull(),
    // An address asked for (the legacy move, §5.6) that becomes the sign-in once its link is
    // opened; until then `email` stays and nothing is reserved.
    pendingEmail: text('pending_email'),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash'),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    emailVerified: boolean('email_verified').notNull().default(false),
    // The §4.7 countdown runs from when the address was set; resends are spaced by the last one.
    emailSetAt: timestamp('email_set_at', { withTimezone: true }).notNull().defaultNow(),
    verificationSentAt: timestamp('verification_sent_at', { withTimezone: true }),
    // An account of the old system (§4.7): asked to move to a new address when forced.
    isLegacyEmail: boolean('is_legacy_email').notNull().default(false),
    forceLegacyEmailMigrate: boolean('force_legacy_email_migrate').notNull().default(false),
    linkedLegacyEmail: text('linked_legacy_email'),
    // Access tokens carry it (claim `sv`); a password reset bumps it, ending every session.
    sessionVersion: integer('session_version').notNull().default(0),
    // The language chosen on the sign-in page at the last sign-in; the admin takes it over.
    signInLanguage: text('sign_in_language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_verified_email_lower_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.emailVerified}`),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

export const membershipRole = pgEnum(
  'membership_role',
  MembershipRole.options as [MembershipRole, ...MembershipRole[]],
);

export const memberships = pgTable(
  'memberships',
  {
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: membershipRole('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    index('memberships_user_idx').on(t.userId),
  ],
);

export const accountTokenPurpose = pgEnum('account_token_purpose', [
  'password_reset',
  'email_verification',
]);

/**
 * Single-use links sent by e-mail (password reset, address verification): only a hash of the
 * secret is stored, so a database dump cannot be used to take over an account.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: accountTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    // The address the link was sent to: a verification link verifies only that address.
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_idx').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId, t.purpose, t.createdAt),
  ],
);
