import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PriceAdjustmentResponse, ScheduleEntry } from '@app/contracts';
import { catalogKeys, useInvalidateCatalog } from '../../../lib/catalog-queries.ts';
import { priceAdjustmentsApi, type PriceAdjustmentInput } from './price-adjustments-api.ts';

export const priceAdjustmentsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: catalogKeys.priceAdjustments(tenantId),
    queryFn: ({ signal }) => priceAdjustmentsApi.list(tenantId, { signal }),
  });

export const priceAdjustmentQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: catalogKeys.priceAdjustment(tenantId, id),
    queryFn: ({ signal }) => priceAdjustmentsApi.get(tenantId, id, { signal }),
    staleTime: 0,
  });

export const priceAdjustmentScheduleQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: catalogKeys.priceAdjustmentSchedule(tenantId, id),
    queryFn: ({ signal }) => priceAdjustmentsApi.schedule(tenantId, id, { signal }),
    staleTime: 0,
  });

/** Creates an adjustment (no id) or saves one; the form's cache takes the answer. */
export function useSavePriceAdjustment(tenantId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCatalog(tenantId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PriceAdjustmentInput }) =>
      id === null
        ? priceAdjustmentsApi.create(tenantId, body)
        : priceAdjustmentsApi.update(tenantId, id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(catalogKeys.priceAdjustment(tenantId, saved.id), saved);
      void invalidate();
    },
  });
}

/** Deletes an adjustment; the menu reads again either way. */
export function useDeletePriceAdjustment(tenantId: string) {
  const invalidate = useInvalidateCatalog(tenantId);
  return useMutation({
    mutationFn: (id: string) => priceAdjustmentsApi.remove(tenantId, id),
    onSettled: () => void invalidate(),
  });
}

/** Sets an adjustment's schedule; the adjustments read again before it resolves. */
export function useSetPriceAdjustmentSchedule(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, entries }: { id: string; entries: ScheduleEntry[] }) =>
      priceAdjustmentsApi.setSchedule(tenantId, id, entries),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: catalogKeys.priceAdjustments(tenantId) }),
  });
}

/**
 * Links the selected variants and unlinks one (the Menu Items tab); the adjustment takes the
 * linked variants of the answer, and the adjustments read again before it resolves.
 */
export function useLinkVariants(tenantId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ selected, removed }: { selected: string[]; removed: string | null }) =>
      priceAdjustmentsApi.linkVariants(tenantId, id, selected, removed),
    onSuccess: (linkedVariants) => {
      queryClient.setQueryData<PriceAdjustmentResponse>(
        catalogKeys.priceAdjustment(tenantId, id),
        (old) => (old ? { ...old, linkedVariants } : old),
      );
      return queryClient.invalidateQueries({ queryKey: catalogKeys.priceAdjustments(tenantId) });
    },
  });
}
