import { z } from 'zod';
import type { PriceAdjustmentBody } from '@app/contracts';
import {
  LinkedVariant,
  PriceAdjustmentResponse,
  ScheduleResponse,
  type ScheduleEntry,
} from '@app/contracts';
import { api } from '../../../lib/api-client.ts';
import { catalogBase } from './catalog-api.ts';

export type PriceAdjustmentInput = z.input<typeof PriceAdjustmentBody>;

type Signal = { signal?: AbortSignal };
const adjustmentsBase = (tenantId: string) => `${catalogBase(tenantId)}/price-adjustments`;

/** The price-adjustment calls of menu-management.md §7 (store owners only, §6). */
export const priceAdjustmentsApi = {
  list: (tenantId: string, { signal }: Signal = {}) =>
    api.get(adjustmentsBase(tenantId), { schema: z.array(PriceAdjustmentResponse), signal }),

  get: (tenantId: string, id: string, { signal }: Signal = {}) =>
    api.get(`${adjustmentsBase(tenantId)}/${id}`, { schema: PriceAdjustmentResponse, signal }),

  create: (tenantId: string, body: PriceAdjustmentInput) =>
    api.post(adjustmentsBase(tenantId), body, { schema: PriceAdjustmentResponse }),

  update: (tenantId: string, id: string, body: PriceAdjustmentInput) =>
    api.put(`${adjustmentsBase(tenantId)}/${id}`, body, { schema: PriceAdjustmentResponse }),

  remove: (tenantId: string, id: string) =>
    api.delete<{ id: string }>(`${adjustmentsBase(tenantId)}/${id}`),

  schedule: (tenantId: string, id: string, { signal }: Signal = {}) =>
    api.get(`${adjustmentsBase(tenantId)}/${id}/schedule`, { schema: ScheduleResponse, signal }),

  setSchedule: (tenantId: string, id: string, entries: ScheduleEntry[]) =>
    api.put(`${adjustmentsBase(tenantId)}/${id}/schedule`, entries, { schema: ScheduleResponse }),

  /** Links the selected variants and unlinks one; answers the linked variants. */
  linkVariants: (
    tenantId: string,
    id: string,
    selected: readonly string[],
    removed: string | null = null,
  ) =>
    api.put(
      `${adjustmentsBase(tenantId)}/variants/${id}`,
      { SelectedVariantsIds: selected, removedVariantId: removed },
      { schema: z.array(LinkedVariant) },
    ),
};
