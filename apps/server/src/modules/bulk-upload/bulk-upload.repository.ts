import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { categories, items, variants } from '../catalog/catalog.table.ts';
import {
  itemModifierGroups,
  modifierGroups,
  modifierItems,
} from '../modifier-groups/modifier-groups.table.ts';

type Q = Db | Tx;

/** Rows per INSERT: far below PostgreSQL's 65,535 parameters for the widest table here. */
const CHUNK = 2000;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** The menu as the import matches against it, and the batched inserts of what it adds. */
export const bulkUploadRepository = {
  async sections(q: Q, tenantId: string) {
    return q
      .select({
        id: categories.id,
        parentId: categories.parentId,
        title: categories.title,
        position: categories.position,
      })
      .from(categories)
      .where(eq(categories.tenantId, tenantId));
  },

  async items(q: Q, tenantId: string) {
    return q
      .select({
        id: items.id,
        categoryId: items.categoryId,
        title: items.title,
        position: items.position,
      })
      .from(items)
      .where(eq(items.tenantId, tenantId));
  },

  async modifierGroups(q: Q, tenantId: string) {
    return q
      .select({ id: modifierGroups.id, name: modifierGroups.name })
      .from(modifierGroups)
      .where(eq(modifierGroups.tenantId, tenantId));
  },

  /** Serializes imports of one tenant: the second waits and then sees the first one's rows. */
  async lockTenant(q: Q, tenantId: string) {
    await q.execute(
      sql`select pg_advisory_xact_lock(hashtext('bulk-upload'), hashtext(${tenantId}))`,
    );
  },

  async insertSections(q: Q, rows: (typeof categories.$inferInsert)[]) {
    // Parents before children: the import lists them in that order.
    await insertChunked(rows, (chunk) => q.insert(categories).values(chunk));
  },

  async insertItems(
    q: Q,
    rows: (typeof items.$inferInsert)[],
    variantRows: (typeof variants.$inferInsert)[],
    links: (typeof itemModifierGroups.$inferInsert)[],
  ) {
    await insertChunked(rows, (chunk) => q.insert(items).values(chunk));
    await insertChunked(variantRows, (chunk) => q.insert(variants).values(chunk));
    await insertChunked(links, (chunk) => q.insert(itemModifierGroups).values(chunk));
  },

  async insertModifierGroups(
    q: Q,
    groups: (typeof modifierGroups.$inferInsert)[],
    choices: (typeof modifierItems.$inferInsert)[],
  ) {
    await insertChunked(groups, (chunk) => q.insert(modifierGroups).values(chunk));
    await insertChunked(choices, (chunk) => q.insert(modifierItems).values(chunk));
  },
};
