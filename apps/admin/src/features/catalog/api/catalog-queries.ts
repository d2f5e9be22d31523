import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TreeNode } from '@app/contracts';
import { catalogKeys } from '../../../lib/catalog-queries.ts';
import { reorderChildren, updateNode } from '../../../lib/catalog-tree.ts';
import { catalogApi, type Position } from './catalog-api.ts';

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

export const useCategories = (tenantId: string) =>
  useQuery({ ...categoriesQuery(tenantId), enabled: tenantId !== '' });

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
