import { z } from 'zod';
import {
  CatalogItemResponse,
  CategoryResponse,
  ModifierGroupResponse,
  ScheduleResponse,
  type CatalogItemBody,
  type CategoryBody,
  type MoveBody,
  type ScheduleEntry,
  type TreeNode,
} from '@app/contracts';
import { api } from '../../../lib/api-client.ts';

/** menu-management.md §7: {base} of every catalogue call. */
export const catalogBase = (tenantId: string): string =>
  `/api/admin/tenants/${encodeURIComponent(tenantId)}/branches/defaultBranch/productcatalogs`;

export type CategoryInput = z.input<typeof CategoryBody>;
export type ItemInput = z.input<typeof CatalogItemBody>;
export type Position = { id: string; position: number };

type Signal = { signal?: AbortSignal };

/** The catalogue calls, one function each; the shared client adds the token and unwraps results. */
export const catalogApi = {
  // The tree is read often and is large: its shape is trusted rather than parsed node by node.
  /** The tenant's modifier groups, for the item editor to attach (managers and owners). */
  modifierGroups: (tenantId: string, { signal }: Signal = {}) =>
    api.get(`${catalogBase(tenantId)}/modifiergroups`, {
      schema: z.array(ModifierGroupResponse),
      signal,
    }),

  tree: (tenantId: string, { signal }: Signal = {}) =>
    api.get<TreeNode>(`${catalogBase(tenantId)}/tree`, { signal }),

  setBanner: (tenantId: string, images: string[]) =>
    api.put<{ images: string[] }>(catalogBase(tenantId), { images }),

  setPositions: (tenantId: string, positions: Position[]) =>
    api.put<Position[]>(`${catalogBase(tenantId)}/position`, positions),

  move: (tenantId: string, body: MoveBody) =>
    api.put<TreeNode>(`${catalogBase(tenantId)}/move`, body),

  categories: (tenantId: string, { signal }: Signal = {}) =>
    api.get(`${catalogBase(tenantId)}/categories/`, {
      schema: CategoryResponse.array(),
      signal,
    }),

  category: (tenantId: string, id: string, { signal }: Signal = {}) =>
    api.get(`${catalogBase(tenantId)}/categories/${id}`, { schema: CategoryResponse, signal }),

  createCategory: (tenantId: string, parentId: string | null, body: CategoryInput) =>
    api.post(
      parentId
        ? `${catalogBase(tenantId)}/categories/${parentId}`
        : `${catalogBase(tenantId)}/categories`,
      body,
      { schema: CategoryResponse },
    ),

  updateCategory: (tenantId: string, id: string, body: CategoryInput) =>
    api.put(`${catalogBase(tenantId)}/categories/${id}`, body, { schema: CategoryResponse }),

  deleteCategory: (tenantId: string, id: string) =>
    api.delete<{ id: string }>(`${catalogBase(tenantId)}/categories/${id}`),

  schedule: (tenantId: string, id: string, { signal }: Signal = {}) =>
    api.get(`${catalogBase(tenantId)}/categories/${id}/schedule`, {
      schema: ScheduleResponse,
      signal,
    }),

  setSchedule: (tenantId: string, id: string, entries: ScheduleEntry[]) =>
    api.put(`${catalogBase(tenantId)}/categories/${id}/schedule`, entries, {
      schema: ScheduleResponse,
    }),

  item: (tenantId: string, id: string, { signal }: Signal = {}) =>
    api.get(`${catalogBase(tenantId)}/catalogitems/${id}`, { schema: CatalogItemResponse, signal }),

  createItem: (tenantId: string, body: ItemInput) =>
    api.post(`${catalogBase(tenantId)}/catalogitems`, body, { schema: CatalogItemResponse }),

  updateItem: (tenantId: string, id: string, body: ItemInput) =>
    api.put(`${catalogBase(tenantId)}/catalogitems/${id}`, body, { schema: CatalogItemResponse }),

  deleteItem: (tenantId: string, id: string) =>
    api.delete<{ id: string }>(`${catalogBase(tenantId)}/catalogitems/${id}`),

  variants: (tenantId: string, id: string) =>
    api.get(`${catalogBase(tenantId)}/catalogitems/${id}/variants`, {
      schema: CatalogItemResponse.shape.variants,
    }),

  setAvailability: (tenantId: string, id: string, active: boolean) =>
    api.put<{ id: string; active: boolean; outOfStock: boolean }>(
      `${catalogBase(tenantId)}/catalogitems/${id}/availability`,
      { active, outOfStock: false },
    ),
};
