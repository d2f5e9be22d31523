import type { z } from 'zod';
import {
  priceAdjustmentsRoutes as routes,
  type PriceAdjustmentBody,
  type ScheduleEntry,
} from '@app/contracts';
import { callApi } from '../../../lib/api-client.ts';

export type PriceAdjustmentInput = z.input<typeof PriceAdjustmentBody>;

type Signal = { signal?: AbortSignal };

/** The price-adjustment calls of the contracts (store owners only, menu-management §6). */
export const priceAdjustmentsApi = {
  list: (tenantId: string, { signal }: Signal = {}) =>
    callApi(routes.list, { params: { tenantId } }, { signal }),

  get: (tenantId: string, id: string, { signal }: Signal = {}) =>
    callApi(routes.get, { params: { tenantId, id } }, { signal }),

  create: (tenantId: string, body: PriceAdjustmentInput) =>
    callApi(routes.create, { params: { tenantId }, body }),

  update: (tenantId: string, id: string, body: PriceAdjustmentInput) =>
    callApi(routes.update, { params: { tenantId, id }, body }),

  remove: (tenantId: string, id: string) => callApi(routes.remove, { params: { tenantId, id } }),

  schedule: (tenantId: string, id: string, { signal }: Signal = {}) =>
    callApi(routes.schedule, { params: { tenantId, id } }, { signal }),

  setSchedule: (tenantId: string, id: string, entries: ScheduleEntry[]) =>
    callApi(routes.setSchedule, { params: { tenantId, id }, body: entries }),

  /** Links the selected variants and unlinks one; answers the linked variants. */
  linkVariants: (
    tenantId: string,
    id: string,
    selected: readonly string[],
    removed: string | null = null,
  ) =>
    callApi(routes.linkVariants, {
      params: { tenantId, id },
      body: { SelectedVariantsIds: [...selected], removedVariantId: removed },
    }),
};
