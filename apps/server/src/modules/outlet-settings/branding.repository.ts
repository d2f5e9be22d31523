import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories } from '../catalog/catalog.table.ts';
import { tenants } from '../identity/identity.table.ts';
import { recordChange } from '../audit/audit.ts';

/** The tenant row branding reads and writes, and how many main sections its menu has. */
export function createBrandingRepository(db: Db) {
  return {
    async tenant(tenantId: string) {
      const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
      return row;
    },

    /** Writes the patch, and its fields before and after in the history of changes. */
    async updateTenant(tenantId: string, patch: Partial<typeof tenants.$inferInsert>) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(tenants)
          .where(eq(tenants.id, tenantId))
          .for('update');
        const [row] = await tx
          .update(tenants)
          .set(patch)
          .where(eq(tenants.id, tenantId))
          .returning();
        if (!before || !row) return row;
        const fields = Object.keys(patch) as (keyof typeof row)[];
        const pick = (r: typeof row) => Object.fromEntries(fields.map((f) => [f, r[f]]));
        await recordChange(tx, {
          tenantId,
          entityType: 'branding',
          entityId: tenantId,
          action: 'update',
          label: row.name,
          before: pick(before),
          after: pick(row),
        });
        return row;
      });
    },

    async mainSectionCount(tenantId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(categories)
        .where(and(eq(categories.tenantId, tenantId), isNull(categories.parentId)));
      return row?.n ?? 0;
    },
  };
}

export type BrandingRepository = ReturnType<typeof createBrandingRepository>;
