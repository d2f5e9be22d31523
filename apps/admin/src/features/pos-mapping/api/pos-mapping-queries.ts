import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  POS_MAPPING_LIMITS,
  posMappingRoutes,
  type PosMappingBody,
  type PosMappingEntry,
} from '@app/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { catalogKeys } from '../../../lib/catalog-queries.ts';

/** Query keys of the POS mapping screen, per tenant. */
export const posMappingKeys = {
  all: (tenantId: string) => ['posMapping', tenantId] as const,
  entries: (tenantId: string) => [...posMappingKeys.all(tenantId), 'entries'] as const,
  products: (tenantId: string, term: string) =>
    [...posMappingKeys.all(tenantId), 'hubriseProducts', term] as const,
  modifiers: (tenantId: string, term: string) =>
    [...posMappingKeys.all(tenantId), 'hubriseModifiers', term] as const,
};

export const posEntriesQuery = (tenantId: string) =>
  queryOptions({
    queryKey: posMappingKeys.entries(tenantId),
    queryFn: ({ signal }) => callApi(posMappingRoutes.list, { params: { tenantId } }, { signal }),
  });

export const usePosEntries = (tenantId: string) =>
  useQuery({ ...posEntriesQuery(tenantId), enabled: tenantId !== '' });

const query = (term: string) => ({
  PageSize: POS_MAPPING_LIMITS.pageSize,
  ...(term ? { SearchTerm: term } : {}),
});

/** HubRise's SKUs matching the (debounced) search; the last answer stays while the next loads. */
export const useHubriseProducts = (tenantId: string, term: string, enabled: boolean) =>
  useQuery({
    queryKey: posMappingKeys.products(tenantId, term),
    queryFn: ({ signal }) =>
      callApi(
        posMappingRoutes.hubriseProducts,
        { params: { tenantId }, query: query(term) },
        { signal },
      ),
    enabled: enabled && tenantId !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useHubriseModifiers = (tenantId: string, term: string, enabled: boolean) =>
  useQuery({
    queryKey: posMappingKeys.modifiers(tenantId, term),
    queryFn: ({ signal }) =>
      callApi(
        posMappingRoutes.hubriseModifierGroups,
        { params: { tenantId }, query: query(term) },
        { signal },
      ),
    enabled: enabled && tenantId !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Saves one entry's codes (trimmed here as the spec says, and again by the server). */
export function useMapEntry(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entry, codes }: { entry: PosMappingEntry; codes: PosMappingBody }) => {
      const body = {
        externalSKU: codes.externalSKU?.trim() || null,
        externalId: codes.externalId?.trim() || null,
      };
      const input = { params: { tenantId, id: entry.id }, body };
      if (entry.isModifierGroup) return callApi(posMappingRoutes.mapModifierGroup, input);
      if (entry.isModifierItem) return callApi(posMappingRoutes.mapModifierItem, input);
      return callApi(posMappingRoutes.mapItem, input);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(
        posMappingKeys.entries(tenantId),
        (list: PosMappingEntry[] | undefined) =>
          list?.map((e) =>
            e.id === saved.id && e.isModifierGroup === saved.isModifierGroup ? saved : e,
          ),
      );
      // A group's code is its 'pos' badge in the modifier groups list.
      if (saved.isModifierGroup)
        void queryClient.invalidateQueries({ queryKey: catalogKeys.modifierGroups(tenantId) });
    },
  });
}
