import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogKeys, useInvalidateCatalog } from '../../../lib/catalog-queries.ts';
import { modifierGroupsApi, type ModifierGroupInput } from './modifier-groups-api.ts';

/** The items using a group ('Used in the following Items'). */
export const linkedItemsQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: catalogKeys.linkedItems(tenantId, id),
    queryFn: ({ signal }) => modifierGroupsApi.linkedItems(tenantId, id, { signal }),
    staleTime: 0,
  });

/** Creates a group (no id) or saves one; the editor's cache takes the answer, the menu reads again. */
export function useSaveModifierGroup(tenantId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCatalog(tenantId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ModifierGroupInput }) =>
      id === null
        ? modifierGroupsApi.create(tenantId, body)
        : modifierGroupsApi.update(tenantId, id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(catalogKeys.modifierGroup(tenantId, saved.id), saved);
      void invalidate();
    },
  });
}

/** Deletes a group; the menu reads again either way (a refusal says where it is used now). */
export function useDeleteModifierGroup(tenantId: string) {
  const invalidate = useInvalidateCatalog(tenantId);
  return useMutation({
    mutationFn: (id: string) => modifierGroupsApi.remove(tenantId, id),
    onSettled: () => void invalidate(),
  });
}
