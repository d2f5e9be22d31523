import type { z } from 'zod';
import { modifierGroupsRoutes as routes, type ModifierGroupBody } from '@app/contracts';
import { callApi } from '../../../lib/api-client.ts';

export type ModifierGroupInput = z.input<typeof ModifierGroupBody>;

type Signal = { signal?: AbortSignal };

/** The modifier-group calls of the contracts (owners and managers, menu-management §6). */
export const modifierGroupsApi = {
  // The spec's call carries the tenant in the body too.
  create: (tenantId: string, body: ModifierGroupInput) =>
    callApi(routes.create, { params: { tenantId }, body: { ...body, tenantId } }),

  update: (tenantId: string, id: string, body: ModifierGroupInput) =>
    callApi(routes.update, { params: { tenantId, id }, body: { ...body, tenantId } }),

  remove: (tenantId: string, id: string) => callApi(routes.remove, { params: { tenantId, id } }),

  linkedItems: (tenantId: string, id: string, { signal }: Signal = {}) =>
    callApi(routes.linkedItems, { params: { tenantId, id } }, { signal }),
};
