import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { branches } from './identity.table.ts';

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
