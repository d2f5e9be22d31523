import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  AuditAction,
  AuditChange,
  AuditEntityType,
  LocalizedText,
  MembershipRole,
} from '@app/contracts';
import { tenantIdColumn } from '../identity/identity.table.ts';

/**
 * The history of changes (issue 38): one row per change, written in the change's own
 * transaction. The actor's id, address and role are copied as they were: the entry stays true
 * when the person leaves. No foreign key to the entity: its history outlives it.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    // clock_timestamp(): entries of one transaction keep their order.
    at: timestamp('at', { withTimezone: true, precision: 6 })
      .notNull()
      .default(sql`clock_timestamp()`),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role').$type<MembershipRole | 'SuperAdmin'>(),
    entityType: text('entity_type').$type<AuditEntityType>().notNull(),
    entityId: uuid('entity_id').notNull(),
    branchId: uuid('branch_id'),
    action: text('action').$type<AuditAction>().notNull(),
    label: jsonb('label').$type<LocalizedText>(),
    changes: jsonb('changes').$type<AuditChange[]>().notNull(),
    moreChanges: integer('more_changes').notNull().default(0),
  },
  (t) => [
    index('audit_entries_tenant_at_idx').on(t.tenantId, t.at, t.id),
    index('audit_entries_entity_idx').on(t.tenantId, t.entityType, t.entityId, t.at),
    index('audit_entries_at_idx').on(t.at),
  ],
);
