import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories } from '../catalog/catalog.table.ts';
import { tenants } from '../identity/identity.table.ts';

/** The tenant row branding reads and writes, and how many main sections its menu has. */
export function createBrandingRepository(db: Db) {
  return {
    async tenant(tenantId: string) {
      const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
      return row;
    },

    async updateTenant(tenantId: string, patch: Partial<typeof tenants.$inferInsert>) {
      const [row] = await db.update(tenants).set(patch).where(eq(tenants.id, tenantId)).returning();
      return row;
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
