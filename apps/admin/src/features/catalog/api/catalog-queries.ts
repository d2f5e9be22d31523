import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CatalogItemResponse,
  CategoryResponse,
  MoveBody,
  ScheduleEntry,
  TreeNode,
} from '@app/contracts';
import { catalogKeys, useInvalidateCatalog } from '../../../lib/catalog-queries.ts';
import { reorderChildren, updateNode } from '../../../lib/catalog-tree.ts';
import { catalogApi, type CategoryInput, type ItemInput, type Position } from './catalog-api.ts';

export const categoriesQuery = (tenantId: string) =>
  queryOptions({
    queryKey: catalogKeys.categories(tenantId),
    queryFn: ({ signal }) => catalogApi.categories(tenantId, { signal }),
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

/** The query client and a refresh of everything the menu shows, not waited for. */
function useCatalogCache(tenantId: string) {
  const invalidate = useInvalidateCatalog(tenantId);
  return { queryClient: useQueryClient(), refresh: () => void invalidate() };
}

/** Sets the menu banner (an empty list removes it). */
export function useSetBanner(tenantId: string) {
  const { refresh } = useCatalogCache(tenantId);
  return useMutation({
    mutationFn: (images: string[]) => catalogApi.setBanner(tenantId, images),
    onSuccess: refresh,
  });
}

export function useCreateCategory(tenantId: string) {
  const { refresh } = useCatalogCache(tenantId);
  return useMutation({
    mutationFn: ({ parentId, body }: { parentId: string | null; body: CategoryInput }) =>
      catalogApi.createCategory(tenantId, parentId, body),
    onSuccess: refresh,
  });
}

export function useUpdateCategory(tenantId: string) {
  const { refresh } = useCatalogCache(tenantId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CategoryInput }) =>
      catalogApi.updateCategory(tenantId, id, body),
    onSuccess: refresh,
  });
}

/**
 * The section's hideWhenNotAvailable switch: the whole section saved with the new value; the
 * sections list takes the answer.
 */
export function useSetHideWhenNotAvailable(tenantId: string) {
  const { queryClient } = useCatalogCache(tenantId);
  return useMutation({
    mutationFn: ({ category, hide }: { category: CategoryResponse; hide: boolean }) =>
      catalogApi.updateCategory(tenantId, category.id, {
        localizedTitle: category.localizedTitle,
        localizedDesc: category.localizedDesc,
        images: category.images,
        active: category.active,
        hideWhenNotAvailable: hide,
        excludedCheckoutTemplates: category.excludedCheckoutTemplates,
      }),
    onSuccess: (updated) =>
      queryClient.setQueryData<CategoryResponse[]>(catalogKeys.categories(tenantId), (list) =>
        list?.map((c) => (c.id === updated.id ? updated : c)),
      ),
  });
}

export function useDeleteCategory(tenantId: string) {
  const { queryClient, refresh } = useCatalogCache(tenantId);
  return useMutation({
    mutationFn: async (id: string) => {
      await catalogApi.deleteCategory(tenantId, id);
    },
    onSuccess: (_done, id) => {
      queryClient.removeQueries({ queryKey: catalogKeys.category(tenantId, id) });
      refresh();
    },
  });
}

export function useSetSectionSchedule(tenantId: string) {
  const { refresh } = useCatalogCache(tenantId);
  return useMutation({
    mutationFn: ({ id, entries }: { id: string; entries: ScheduleEntry[] }) =>
      catalogApi.setSchedule(tenantId, id, entries),
    onSuccess: refresh,
  });
}

/** Moves a section in the tree; the answer is the new tree. The page reports each outcome. */
export function useMoveSection(
  tenantId: string,
  report: { onSuccess: () => void; onError: (error: Error) => void },
) {
  const { queryClient } = useCatalogCache(tenantId);
  return useMutation({
    mutationFn: (body: MoveBody) => catalogApi.move(tenantId, body),
    onSuccess: (next) => {
      queryClient.setQueryData(catalogKeys.tree(tenantId), next);
      report.onSuccess();
    },
    onError: report.onError,
  });
}

export function useCreateItem(tenantId: string) {
  const { refresh } = useCatalogCache(tenantId);
  return useMutation({
    mutationFn: (body: ItemInput) => catalogApi.createItem(tenantId, body),
    onSuccess: refresh,
  });
}

/** An item just created, with its variants read back (their new ids), put in the cache. */
export function useReadBackItem(tenantId: string) {
  const { queryClient } = useCatalogCache(tenantId);
  return async (created: CatalogItemResponse) => {
    const saved = { ...created, variants: await catalogApi.variants(tenantId, created.id) };
    queryClient.setQueryData(catalogKeys.item(tenantId, created.id), saved);
  };
}

export function useUpdateItem(tenantId: string) {
  const { queryClient, refresh } = useCatalogCache(tenantId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ItemInput }) =>
      catalogApi.updateItem(tenantId, id, body),
    onSuccess: (updated) => {
      queryClient.setQueryData(catalogKeys.item(tenantId, updated.id), updated);
      refresh();
    },
  });
}

export function useDeleteItem(tenantId: string) {
  const { queryClient, refresh } = useCatalogCache(tenantId);
  return useMutation({
    mutationFn: async (id: string) => {
      await catalogApi.deleteItem(tenantId, id);
    },
    onSuccess: (_done, id) => {
      queryClient.removeQueries({ queryKey: catalogKeys.item(tenantId, id) });
      refresh();
    },
  });
}
