import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';
import { tenantRow, type TenantKeyed } from './tenant-keys.ts';

/*
 * A tenant's row by id, read, changed or deleted through the tenant-scoped lookup. Apart from
 * tenant-keys.ts, which the tables import: the tables must not depend on the client.
 */

/** This tenant's row of `table` with this id, whole; undefined when it has none. */
export async function findTenantRow<T extends PgTable & TenantKeyed>(
  q: Db | Tx,
  table: T,
  tenantId: string,
  id: string,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await q
    .select()
    .from(table as PgTable)
    .where(tenantRow(table, tenantId, id))
    .limit(1);
  return row as T['$inferSelect'] | undefined;
}

/** Changes this tenant's row of `table` with this id; the row as it is now, undefined when none. */
export async function updateTenantRow<T extends PgTable & TenantKeyed>(
  q: Db | Tx,
  table: T,
  tenantId: string,
  id: string,
  patch: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await q
    .update(table as PgTable)
    .set(patch)
    .where(tenantRow(table, tenantId, id))
    .returning();
  return row as T['$inferSelect'] | undefined;
}

/** Deletes this tenant's row of `table` with this id; whether there was one. */
export async function deleteTenantRow<T extends PgTable & TenantKeyed>(
  q: Db | Tx,
  table: T,
  tenantId: string,
  id: string,
): Promise<boolean> {
  const rows = await q
    .delete(table as PgTable)
    .where(tenantRow(table, tenantId, id))
    .returning({ id: table.id });
  return rows.length > 0;
}
