import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { StockKind } from '@app/contracts';
import { branches, tenantIdColumn, users } from '../../identity/identity.table.ts';

/**
 * Sold out at one branch (issue 38): an item, a variant or a modifier choice, until `until`
 * (null: until turned back on). A row whose `until` has passed is in stock again: nothing has
 * to act at that instant. Turning it back on deletes the row.
 */
export const branchStock = pgTable(
  'branch_stock',
  {
    tenantId: tenantIdColumn(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<StockKind>().notNull(),
    entityId: uuid('entity_id').notNull(),
    until: timestamp('until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.branchId, t.kind, t.entityId] }),
    index('branch_stock_until_idx').on(t.until),
  ],
);
