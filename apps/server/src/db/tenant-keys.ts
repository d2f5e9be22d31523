import { and, eq, type SQL, type SQLWrapper } from 'drizzle-orm';
import { foreignKey, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A tenant-owned table as its children point to it: by (tenant_id, id). */
export type TenantKeyed = { tenantId: AnyPgColumn; id: AnyPgColumn };

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
