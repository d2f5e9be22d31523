import { and, asc, count, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addTenantToTransaction } from '../../db/tenant-scope.ts';
import { recordChange } from '../audit/audit.ts';
import {
  branches,
  memberships,
  tenants,
  users,
  type TenantRow,
} from '../identity/identity.table.ts';
import { tickets } from '../tickets/tickets.table.ts';
import { tenantRow } from '../../db/tenant-keys.ts';
import { tenantBranches } from '../identity/branches.ts';

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Across every tenant: what the super admin's screens read (no tenant filter on purpose). */
export function createPlatformRepository(db: Db) {
  return {
    /** Every tenant, or those whose name (any language), slug or an owner's e-mail matches. */
    async tenants(search?: string): Promise<TenantRow[]> {
      let where: SQL | undefined;
      if (search) {
        const pattern = likePattern(search);
        where = sql`(${tenants.slug} ilike ${pattern}
          or exists (select 1 from jsonb_each_text(${tenants.name}) n where n.value ilike ${pattern})
          or exists (select 1 from ${memberships} m join ${users} u on u.id = m.user_id
            where m.tenant_id = ${tenants.id} and m.role = 'StoreOwner' and u.email ilike ${pattern}))`;
      }
      return db
        .select()
        .from(tenants)
        .where(where)
        .orderBy(asc(tenants.createdAt), asc(tenants.slug));
    },

    async tenant(tenantId: string): Promise<TenantRow | undefined> {
      const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
      return row;
    },

    /** Also in the tenant's history of changes (people and rights), in one transaction. */
    async setActive(tenantId: string, active: boolean): Promise<TenantRow | undefined> {
      return db.transaction(async (tx) => {
        const [was] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
        const [row] = await tx
          .update(tenants)
          .set({ active })
          .where(eq(tenants.id, tenantId))
          .returning();
        if (!was || !row) return row;
        // The platform's scope reads every tenant; this one tenant's entry is written.
        await addTenantToTransaction(tx, tenantId);
        await recordChange(tx, {
          tenantId,
          entityType: 'people',
          entityId: tenantId,
          action: 'update',
          label: row.name,
          before: { active: was.active },
          after: { active: row.active },
        });
        return row;
      });
    },

    async branchCounts(tenantIds: string[]): Promise<Map<string, number>> {
      if (tenantIds.length === 0) return new Map();
      const rows = await db
        .select({ tenantId: branches.tenantId, n: count() })
        .from(branches)
        .where(inArray(branches.tenantId, tenantIds))
        .groupBy(branches.tenantId);
      return new Map(rows.map((r) => [r.tenantId, r.n]));
    },

    /** Members per tenant, with the owners' addresses. */
    async members(tenantIds: string[]) {
      if (tenantIds.length === 0) return [];
      return db
        .select({
          tenantId: memberships.tenantId,
          role: memberships.role,
          email: users.email,
          name: users.displayName,
          emailVerified: users.emailVerified,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(inArray(memberships.tenantId, tenantIds))
        .orderBy(asc(memberships.createdAt), asc(users.email));
    },

    async branchesOf(tenantId: string) {
      return tenantBranches(db, tenantId);
    },

    async ticketCounts(tenantId: string) {
      const [row] = await db
        .select({
          all: count(),
          unverified: sql<number>`count(*) filter (where ${tickets.status} = 'UnVerified')`.mapWith(
            Number,
          ),
        })
        .from(tickets)
        .where(eq(tickets.tenantId, tenantId));
      return { all: row?.all ?? 0, unverified: row?.unverified ?? 0 };
    },

    /** Tickets of every tenant still UnVerified since before `before`, oldest first. */
    async unverifiedTickets(before: Date, limit: number) {
      const where = and(eq(tickets.status, 'UnVerified'), lt(tickets.createdAt, before));
      const [rows, [total]] = await Promise.all([
        db
          .select({
            ticketId: tickets.id,
            tenantId: tickets.tenantId,
            tenantName: tenants.name,
            tenantSlug: tenants.slug,
            branchId: tickets.branchId,
            branchName: branches.name,
            ticketNumber: tickets.ticketNumber,
            checkoutTemplate: tickets.checkoutTemplate,
            total: tickets.total,
            currency: tickets.currency,
            createdAt: tickets.createdAt,
          })
          .from(tickets)
          .innerJoin(tenants, eq(tenants.id, tickets.tenantId))
          .innerJoin(branches, tenantRow(branches, tickets.tenantId, tickets.branchId))
          .where(where)
          .orderBy(asc(tickets.createdAt), asc(tickets.id))
          .limit(limit),
        db.select({ n: count() }).from(tickets).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type PlatformRepository = ReturnType<typeof createPlatformRepository>;
