import { eq } from 'drizzle-orm';
import type { BranchOperatingStatus } from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { branches } from '../identity/identity.table.ts';
import { tenantRow } from '../../db/tenant-keys.ts';
import { branchOrder } from '../identity/branches.ts';

const columns = {
  branchId: branches.id,
  branchName: branches.name,
  closed: branches.closed,
  acceptingOrders: branches.acceptingOrders,
  busy: branches.busy,
};

/** The operating status columns of a tenant's branches. */
export const outletStatusRepository = {
  async list(db: Db | Tx, tenantId: string) {
    return db
      .select(columns)
      .from(branches)
      .where(eq(branches.tenantId, tenantId))
      .orderBy(...branchOrder());
  },

  async update(db: Db | Tx, tenantId: string, branchId: string, status: BranchOperatingStatus) {
    const [row] = await db
      .update(branches)
      .set(status)
      .where(tenantRow(branches, tenantId, branchId))
      .returning(columns);
    return row;
  },
};

export type OutletStatusRepository = typeof outletStatusRepository;
