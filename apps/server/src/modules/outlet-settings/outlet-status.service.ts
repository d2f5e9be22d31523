import type { BranchStatus, OutletStatusBody } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../errors.ts';
import { operatingStatusOf } from '../identity/branches.ts';
import { recordChange } from '../audit/audit.ts';
import { type OutletStatusRepository } from './outlet-status.repository.ts';

type Row = NonNullable<Awaited<ReturnType<OutletStatusRepository['update']>>>;

const toStatus = (r: Row): BranchStatus => ({
  branchId: r.branchId,
  branchName: r.branchName,
  branchOperatingStatus: operatingStatusOf(r),
});

export type OutletStatusService = ReturnType<typeof createOutletStatusService>;

/**
 * Outlet status (operations-platform §4.4): closed and accepting orders are independent
 * switches and both are kept as sent (the screen hides 'accept orders' while closed, the value
 * stays). The order intake reads them on every order, so a change holds from the next one.
 */
export function createOutletStatusService(deps: { db: Db; repository: OutletStatusRepository }) {
  const { db, repository: repo } = deps;
  return {
    async list(tenantId: string) {
      return (await repo.list(db, tenantId)).map(toStatus);
    },

    async update(tenantId: string, branchId: string, body: OutletStatusBody) {
      return db.transaction(async (tx) => {
        const [was] = (await repo.list(tx, tenantId)).filter((b) => b.branchId === branchId);
        const row = await repo.update(tx, tenantId, branchId, {
          closed: body.closed,
          acceptingOrders: body.acceptingOrders,
          busy: body.busy,
        });
        if (!was || !row) throw new NotFound('Branch');
        await recordChange(tx, {
          tenantId,
          entityType: 'branch',
          entityId: branchId,
          branchId,
          action: 'update',
          label: row.branchName,
          before: { status: operatingStatusOf(was) },
          after: { status: operatingStatusOf(row) },
        });
        return toStatus(row);
      });
    },
  };
}
