import { outletStatusRoutes as routes, type OutletStatusBody } from '@app/contracts';
import { callApi } from '../../../lib/api-client.ts';

export const outletStatusApi = {
  /** Every branch of the tenant with its closed, accepting-orders and busy values. */
  list: (tenantId: string, { signal }: { signal?: AbortSignal } = {}) =>
    callApi(routes.statuses, { params: { tenantId } }, { signal }),

  update: (tenantId: string, branchId: string, body: OutletStatusBody) =>
    callApi(routes.setStatus, { params: { tenantId, branchId }, body }),
};
