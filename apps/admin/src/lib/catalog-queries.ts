import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogRoutes, modifierGroupsRoutes } from '@app/contracts';
import { callApi } from './api-client.ts';

/**
 * The catalogue data several areas read (the tree, the modifier groups) and one key space for
 * all of it, so a change in any menu area refreshes every screen that shows the menu.
 */
/** Query keys of the catalogue, per tenant; loaders and hooks share them. */
export const catalogKeys = {
  all: (tenantId: string) => ['catalog', tenantId] as const,
  tree: (tenantId: string) => [...catalogKeys.all(tenantId), 'tree'] as const,
  categories: (tenantId: string) => [...catalogKeys.all(tenantId), 'categories'] as const,
  category: (tenantId: string, id: string) =>
    [...catalogKeys.all(tenantId), 'category', id] as const,
  item: (tenantId: string, id: string) => [...catalogKeys.all(tenantId), 'item', id] as const,
  schedule: (tenantId: string, id: string) =>
    [...catalogKeys.all(tenantId), 'schedule', id] as const,
  modifierGroups: (tenantId: string) => [...catalogKeys.all(tenantId), 'modifierGroups'] as const,
  modifierGroup: (tenantId: string, id: string) =>
    [...catalogKeys.modifierGroups(tenantId), id] as const,
  linkedItems: (tenantId: string, id: string) =>
    [...catalogKeys.modifierGroups(tenantId), id, 'linkedItems'] as const,
  // Under the catalogue: a changed item price changes the adjustments' old and new prices.
  priceAdjustments: (tenantId: string) =>
    [...catalogKeys.all(tenantId), 'priceAdjustments'] as const,
  priceAdjustment: (tenantId: string, id: string) =>
    [...catalogKeys.priceAdjustments(tenantId), id] as const,
  priceAdjustmentSchedule: (tenantId: string, id: string) =>
    [...catalogKeys.priceAdjustments(tenantId), id, 'schedule'] as const,
};

export const modifierGroupsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: catalogKeys.modifierGroups(tenantId),
    queryFn: ({ signal }) =>
      callApi(modifierGroupsRoutes.list, { params: { tenantId } }, { signal }),
  });

// One section, item or modifier group as its editor and its translate form read it.
export const categoryQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: catalogKeys.category(tenantId, id),
    queryFn: ({ signal }) =>
      callApi(catalogRoutes.category, { params: { tenantId, id } }, { signal }),
    staleTime: 0,
  });

export const itemQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: catalogKeys.item(tenantId, id),
    queryFn: ({ signal }) => callApi(catalogRoutes.item, { params: { tenantId, id } }, { signal }),
    staleTime: 0,
  });

export const modifierGroupQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: catalogKeys.modifierGroup(tenantId, id),
    queryFn: ({ signal }) =>
      callApi(modifierGroupsRoutes.get, { params: { tenantId, id } }, { signal }),
    staleTime: 0,
  });

export const catalogTreeQuery = (tenantId: string) =>
  queryOptions({
    queryKey: catalogKeys.tree(tenantId),
    // The tree is read often and is large: its shape is trusted rather than parsed node by node.
    queryFn: ({ signal }) =>
      callApi(catalogRoutes.tree, { params: { tenantId } }, { signal, trusted: true }),
  });

export const useCatalogTree = (tenantId: string) =>
  useQuery({ ...catalogTreeQuery(tenantId), enabled: tenantId !== '' });

/** After any change: the tree, the sections and the open editors read again. */
export function useInvalidateCatalog(tenantId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: catalogKeys.all(tenantId) });
}
