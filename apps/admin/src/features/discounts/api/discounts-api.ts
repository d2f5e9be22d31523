import type { z } from 'zod';
import {
  discountsRoutes as routes,
  type CreateDiscountBody,
  type UpdateDiscountBody,
} from '@app/contracts';
import { callApi } from '../../../lib/api-client.ts';

export type CreateDiscountInput = z.input<typeof CreateDiscountBody>;
export type UpdateDiscountInput = z.input<typeof UpdateDiscountBody>;

type Signal = { signal?: AbortSignal };

/** The discount calls of the contracts (managers and owners, operations-platform §6, §7.1). */
export const discountsApi = {
  list: (tenantId: string, { signal }: Signal = {}) =>
    callApi(routes.list, { params: { tenantId } }, { signal }),

  get: (tenantId: string, id: string, { signal }: Signal = {}) =>
    callApi(routes.get, { params: { tenantId, id } }, { signal }),

  create: (tenantId: string, body: CreateDiscountInput) =>
    callApi(routes.create, { params: { tenantId }, body }),

  update: (tenantId: string, id: string, body: UpdateDiscountInput) =>
    callApi(routes.update, { params: { tenantId, id }, body }),
};
