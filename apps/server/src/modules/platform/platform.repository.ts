import { asc, count } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches, memberships, tenants } from '../identity/identity.table.ts';

export type TenantRow = typeof tenants.$inferSelect;

/** Across every tenant: what the super admin's screens read. */
export function createPlatformRepository(db: Db) {
  return {
    async allTenants(): Promise<TenantRow[]> {
      return db.select().from(tenants).orderBy(asc(tenants.createdAt), asc(tenants.slug));
    },

    async branchCounts(): Promise<Map<string, number>> {
      const rows = await db
        .select({ tenantId: branches.tenantId, n: count() })
        .from(branches)
        .groupBy(branches.tenantId);
      return new Map(rows.map((r) => [r.tenantId, r.n]));
    },

    async memberCounts(): Promise<Map<string, number>> {
      const rows = await db
        .select({ tenantId: memberships.tenantId, n: count() })
        .from(memberships)
        .groupBy(memberships.tenantId);
      return new Map(rows.map((r) => [r.tenantId, r.n]));
    },
  };
}

export type PlatformRepository = ReturnType<typeof createPlatformRepository>;
