import { z } from 'zod';
import { BranchStatus, type OutletStatusBody } from '@app/contracts';
import { api } from '../../../lib/api-client.ts';

/** operations-platform §7.3: the status calls, base api/admin/tenants/{tenantId}. */
const statusBase = (tenantId: string): string =>
  `/api/admin/tenants/${encodeURIComponent(tenantId)}/status`;

export const outletStatusApi = {
  /** Every branch of the tenant with its closed, accepting-orders and busy values. */
  list: (tenantId: string, { signal }: { signal?: AbortSignal } = {}) =>
    api.get(statusBase(tenantId), { schema: z.array(BranchStatus), signal }),

  update: (tenantId: string, branchId: string, body: OutletStatusBody) =>
    api.put(`${statusBase(tenantId)}/${encodeURIComponent(branchId)}`, body, {
      schema: BranchStatus,
    }),
};
