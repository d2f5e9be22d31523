import { asc, eq } from 'drizzle-orm';
import type { BranchOperatingStatus, BranchSummary } from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { branches, type BranchRow } from './identity.table.ts';

/** Every list of branches: in the owner's order, the older first among equals. */
export const branchOrder = () => [asc(branches.position), asc(branches.createdAt)];

/** The tenant's branches, whole, in order. */
export function tenantBranches(q: Db | Tx, tenantId: string) {
  return q
    .select()
    .from(branches)
    .where(eq(branches.tenantId, tenantId))
    .orderBy(...branchOrder());
}

/** A branch's closed, accepting-orders and busy switches, as every answer carries them. */
export const operatingStatusOf = (
  b: Pick<BranchRow, 'closed' | 'acceptingOrders' | 'busy'>,
): BranchOperatingStatus => ({
  closed: b.closed,
  acceptingOrders: b.acceptingOrders,
  busy: b.busy,
});

/** A branch as the signed-in user's profile and the public storefront list it. */
export const branchSummary = (b: BranchRow): BranchSummary => ({
  branchId: b.id,
  branchName: b.name,
  timeZone: b.timeZone,
  checkoutTemplates: b.checkoutTemplates,
  branchOperatingStatus: operatingStatusOf(b),
});
