import {
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Language } from '@app/contracts';
import { tenantIdColumn, users } from '../identity/identity.table.ts';

/**
 * A staff device told of new orders by Web Push (issue 36): the browser's subscription (its
 * push service's endpoint and its keys), the branches it listens to and who subscribed it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    branchIds: uuid('branch_ids').array().notNull(),
    lang: text('lang').$type<Language>().notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last push its service took (2xx), and the last one it refused or failed. */
    lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
  },
  (t) => [
    unique('push_subscriptions_endpoint_uq').on(t.tenantId, t.endpoint),
    index('push_subscriptions_branches_idx').using('gin', t.branchIds),
  ],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * An open admin tab connected to the realtime hub, per tenant it hears (issue 36, who is
 * listening): written by the server copy holding the socket, heard from at each ping (30 s),
 * gone when the socket closes. A copy that died leaves rows no longer heard from, which the
 * listeners call leaves out and the next copy's sweep deletes.
 */
export const liveScreens = pgTable(
  'live_screens',
  {
    id: uuid('id').notNull(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The user pressed Start Live Orders in that tab: the chime is on. */
    soundOn: boolean('sound_on').notNull().default(false),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    lastHeardAt: timestamp('last_heard_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'live_screens_pk', columns: [t.tenantId, t.id] }),
    index('live_screens_heard_idx').on(t.lastHeardAt),
  ],
);
