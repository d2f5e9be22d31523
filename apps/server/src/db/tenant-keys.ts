import { and, eq, type SQL, type SQLWrapper } from 'drizzle-orm';
import { foreignKey, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

/** A tenant-owned table as its children point to it: by (tenant_id, id). */
type TenantKeyed = { tenantId: AnyPgColumn; id: AnyPgColumn };

/**
 * A child row's reference to its parent through (tenant_id, column) → (tenant_id, id), so a
 * child can never point into another tenant's rows.
 */
export function tenantForeignKey(
  name: string,
  child: { tenantId: AnyPgColumn },
  column: AnyPgColumn,
  parent: TenantKeyed,
  onDelete?: 'cascade' | 'restrict',
) {
  const key = foreignKey({
    name,
    columns: [child.tenantId, column],
    foreignColumns: [parent.tenantId, parent.id],
  });
  return onDelete ? key.onDelete(onDelete) : key;
}

/** THE tenant-scoped row lookup: this tenant's row with this id (another tenant's id: none). */
export function tenantRow(
  table: TenantKeyed,
  tenantId: string | SQLWrapper,
  id: string | SQLWrapper,
): SQL {
  return and(eq(table.tenantId, tenantId), eq(table.id, id))!;
}

/** A branch-owned table's rows of this tenant's branch. */
export function tenantBranchRows(
  table: { tenantId: AnyPgColumn; branchId: AnyPgColumn },
  tenantId: string | SQLWrapper,
  branchId: string | SQLWrapper,
): SQL {
  return and(eq(table.tenantId, tenantId), eq(table.branchId, branchId))!;
}

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
