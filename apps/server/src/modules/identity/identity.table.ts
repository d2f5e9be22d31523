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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const branches = pgTable(
  'branches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
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

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash'),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    emailVerified: boolean('email_verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const membershipRole = pgEnum(
  'membership_role',
  MembershipRole.options as [MembershipRole, ...MembershipRole[]],
);

export const memberships = pgTable(
  'memberships',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
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
