import { and, asc, eq, sql } from 'drizzle-orm';
import type { MembershipRole } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { inScope } from '../../db/tenant-scope.ts';
import { memberships, tenants, users } from './identity.table.ts';

export type UserRecord = typeof users.$inferSelect;
/** A role in one tenant, with whether that tenant's menu comes from a point of sale. */
export type MembershipRecord = {
  tenantId: string;
  role: MembershipRole;
  isIntegrated: boolean;
  /** false: the super admin deactivated the tenant; its staff are refused. */
  active: boolean;
};

const membershipColumns = {
  tenantId: memberships.tenantId,
  role: memberships.role,
  isIntegrated: tenants.isIntegrated,
  active: tenants.active,
};

/**
 * Users and their memberships, as sign-in and the request guard need them. A user's
 * memberships are read in that user's own scope, before any tenant is chosen.
 */
export function createAccountsRepository(db: Db) {
  return {
    async findUserByEmail(email: string): Promise<UserRecord | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row;
    },

    async findUserById(id: string): Promise<UserRecord | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** The user's memberships, oldest first: the first is the user's "own" tenant. */
    async membershipsOf(userId: string): Promise<MembershipRecord[]> {
      return inScope({ tenantIds: [], userId }, () =>
        db
          .select(membershipColumns)
          .from(memberships)
          .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
          .where(eq(memberships.userId, userId))
          .orderBy(asc(memberships.createdAt), asc(memberships.tenantId)),
      );
    },

    async membership(userId: string, tenantId: string): Promise<MembershipRecord | undefined> {
      const [row] = await inScope({ tenantIds: [], userId }, () =>
        db
          .select(membershipColumns)
          .from(memberships)
          .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
          .where(and(eq(memberships.userId, userId), eq(memberships.tenantId, tenantId)))
          .limit(1),
      );
      return row;
    },

    async tenantExists(tenantId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: tenants.id })
        .from(tenants)
        .where(eq(tenants.id, tenantId))
        .limit(1);
      return row !== undefined;
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
