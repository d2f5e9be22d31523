import type { z } from 'zod';
import {
  catalogRoutes as routes,
  type CatalogItemBody,
  type CategoryBody,
  type MoveBody,
  type ScheduleEntry,
} from '@app/contracts';
import { callApi } from '../../../lib/api-client.ts';

export type CategoryInput = z.input<typeof CategoryBody>;
export type ItemInput = z.input<typeof CatalogItemBody>;
export type Position = { id: string; position: number };

type Signal = { signal?: AbortSignal };

/** The catalogue calls of the contracts, one function each, for the queries and mutations. */
export const catalogApi = {
  setBanner: (tenantId: string, images: string[]) =>
    callApi(routes.setBanner, { params: { tenantId }, body: { images } }),

  setPositions: (tenantId: string, positions: Position[]) =>
    callApi(routes.setPositions, { params: { tenantId }, body: positions }),

  move: (tenantId: string, body: MoveBody) =>
    callApi(routes.move, { params: { tenantId }, body }, { trusted: true }),

  categories: (tenantId: string, { signal }: Signal = {}) =>
    callApi(routes.categories, { params: { tenantId } }, { signal }),

  createCategory: (tenantId: string, parentId: string | null, body: CategoryInput) =>
    parentId
      ? callApi(routes.createCategory, { params: { tenantId, parentId }, body })
      : callApi(routes.createMainCategory, { params: { tenantId }, body }),

  updateCategory: (tenantId: string, id: string, body: CategoryInput) =>
    callApi(routes.updateCategory, { params: { tenantId, id }, body }),

  deleteCategory: (tenantId: string, id: string) =>
    callApi(routes.deleteCategory, { params: { tenantId, id } }),

  schedule: (tenantId: string, id: string, { signal }: Signal = {}) =>
    callApi(routes.schedule, { params: { tenantId, id } }, { signal }),

  setSchedule: (tenantId: string, id: string, entries: ScheduleEntry[]) =>
    callApi(routes.setSchedule, { params: { tenantId, id }, body: entries }),

  createItem: (tenantId: string, body: ItemInput) =>
    callApi(routes.createItem, { params: { tenantId }, body }),

  updateItem: (tenantId: string, id: string, body: ItemInput) =>
    callApi(routes.updateItem, { params: { tenantId, id }, body }),

  deleteItem: (tenantId: string, id: string) =>
    callApi(routes.deleteItem, { params: { tenantId, id } }),

  variants: (tenantId: string, id: string) =>
    callApi(routes.variants, { params: { tenantId, id } }),

  setAvailability: (tenantId: string, id: string, active: boolean) =>
    callApi(routes.setAvailability, {
      params: { tenantId, id },
      body: { active, outOfStock: false },
    }),
};
