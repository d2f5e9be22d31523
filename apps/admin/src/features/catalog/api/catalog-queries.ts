import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TreeNode } from '@app/contracts';
import { reorderChildren, updateNode } from '../lib/tree.ts';
import { catalogApi, type Position } from './catalog-api.ts';

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
    queryFn: ({ signal }) => catalogApi.modifierGroups(tenantId, { signal }),
  });

export const catalogTreeQuery = (tenantId: string) =>
  queryOptions({
    queryKey: catalogKeys.tree(tenantId),
    queryFn: ({ signal }) => catalogApi.tree(tenantId, { signal }),
  });

export const categoriesQuery = (tenantId: string) =>
  queryOptions({
    queryKey: catalogKeys.categories(tenantId),
    queryFn: ({ signal }) => catalogApi.categories(tenantId, { signal }),
  });

export const itemQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: catalogKeys.item(tenantId, id),
    queryFn: ({ signal }) => catalogApi.item(tenantId, id, { signal }),
    staleTime: 0,
  });

export const scheduleQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: catalogKeys.schedule(tenantId, id),
    queryFn: ({ signal }) => catalogApi.schedule(tenantId, id, { signal }),
    staleTime: 0,
  });

export const useCatalogTree = (tenantId: string) =>
  useQuery({ ...catalogTreeQuery(tenantId), enabled: tenantId !== '' });

export const useCategories = (tenantId: string) =>
  useQuery({ ...categoriesQuery(tenantId), enabled: tenantId !== '' });

/** After any change: the tree, the sections and the open editors read again. */
export function useInvalidateCatalog(tenantId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: catalogKeys.all(tenantId) });
}

/**
 * Hides or shows an item at once in the tree (optimistic), reverting when the server says no.
 * The caller shows the error.
 */
export function useSetAvailability(tenantId: string) {
  const queryClient = useQueryClient();
  const key = catalogKeys.tree(tenantId);
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      catalogApi.setAvailability(tenantId, id, active),
    onMutate: async ({ id, active }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TreeNode>(key);
      if (previous) {
        queryClient.setQueryData(
          key,
          updateNode(previous, id, (node) => ({ ...node, active })),
        );
      }
      return { previous, id };
    },
    onError: (_error, { id }, context) => {
      // Only this item goes back: other toggles made meanwhile stay as they are.
      const was = context?.previous;
      const current = queryClient.getQueryData<TreeNode>(key);
      if (!was || !current) return;
      const before = findActive(was, id);
      if (before !== undefined) {
        queryClient.setQueryData(
          key,
          updateNode(current, id, (node) => ({ ...node, active: before })),
        );
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all(tenantId) }),
  });
}

function findActive(root: TreeNode, id: string): boolean | undefined {
  if (root.id === id) return root.active;
  for (const child of root.children) {
    const found = findActive(child, id);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Saves a new order of sections or items (PUT .../position), then reorders the tree. */
export function useSavePositions(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids }: { parentId: string; ids: string[] }) => {
      const positions: Position[] = ids.map((id, position) => ({ id, position }));
      return catalogApi.setPositions(tenantId, positions);
    },
    onSuccess: (_data, { parentId, ids }) => {
      const key = catalogKeys.tree(tenantId);
      const tree = queryClient.getQueryData<TreeNode>(key);
      if (tree) queryClient.setQueryData(key, reorderChildren(tree, parentId, ids));
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all(tenantId) });
    },
  });
}
