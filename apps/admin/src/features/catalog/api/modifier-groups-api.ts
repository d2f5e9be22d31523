import { z } from 'zod';
import type { ModifierGroupBody } from '@app/contracts';
import {
  LinkedCatalogItem,
  ModifierGroupResponse,
  type ModifierGroupResponse as Group,
} from '@app/contracts';
import { api } from '../../../lib/api-client.ts';
import { catalogBase } from './catalog-api.ts';

export type ModifierGroupInput = z.input<typeof ModifierGroupBody>;

type Signal = { signal?: AbortSignal };
const groupsBase = (tenantId: string) => `${catalogBase(tenantId)}/modifiergroups`;

/** The modifier-group calls of menu-management.md §7 (owners and managers, §6). */
export const modifierGroupsApi = {
  group: (tenantId: string, id: string, { signal }: Signal = {}) =>
    api.get<Group>(`${groupsBase(tenantId)}/${id}`, { schema: ModifierGroupResponse, signal }),

  create: (tenantId: string, body: ModifierGroupInput) =>
    // The spec's call carries the tenant in the body too.
    api.post<Group>(
      `${groupsBase(tenantId)}/`,
      { ...body, tenantId },
      {
        schema: ModifierGroupResponse,
      },
    ),

  update: (tenantId: string, id: string, body: ModifierGroupInput) =>
    api.put<Group>(
      `${groupsBase(tenantId)}/${id}`,
      { ...body, tenantId },
      {
        schema: ModifierGroupResponse,
      },
    ),

  remove: (tenantId: string, id: string) =>
    api.delete<{ id: string }>(`${groupsBase(tenantId)}/${id}`),

  linkedItems: (tenantId: string, id: string, { signal }: Signal = {}) =>
    api.get(`${groupsBase(tenantId)}/${id}/linkedcatalogitems`, {
      schema: z.array(LinkedCatalogItem),
      signal,
    }),
};
