import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches, memberships, tenants, users, type BranchRow } from './identity.table.ts';
import { taxDefinitions } from '../catalog/catalog.table.ts';
import { branchOrder } from './branches.ts';

export type TaxRow = typeof taxDefinitions.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** The signed-in user's own data: their tenants, branches and taxes. */
export function createProfileRepository(db: Db) {
  return {
    async findUser(userId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    /** The user's tenants with the role in each, oldest membership first. */
    async tenantsOfUser(userId: string) {
      return db
        .select({ tenant: tenants, role: memberships.role })
        .from(memberships)
        .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
        .where(eq(memberships.userId, userId))
        .orderBy(asc(memberships.createdAt), asc(memberships.tenantId));
    },

    async branchesOf(tenantIds: string[]): Promise<BranchRow[]> {
      if (tenantIds.length === 0) return [];
      return db
        .select()
        .from(branches)
        .where(inArray(branches.tenantId, tenantIds))
        .orderBy(asc(branches.tenantId), ...branchOrder());
    },

    async taxesOf(tenantId: string): Promise<TaxRow[]> {
      return db
        .select()
        .from(taxDefinitions)
        .where(eq(taxDefinitions.tenantId, tenantId))
        .orderBy(asc(taxDefinitions.percentage), asc(taxDefinitions.id));
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
