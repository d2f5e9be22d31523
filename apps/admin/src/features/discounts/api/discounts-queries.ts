import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Discount } from '@app/contracts';
import {
  discountsApi,
  type CreateDiscountInput,
  type UpdateDiscountInput,
} from './discounts-api.ts';

/** Query keys of the discounts, per tenant; the list, the form and the hooks share them. */
export const discountKeys = {
  all: (tenantId: string) => ['discounts', tenantId] as const,
  list: (tenantId: string) => [...discountKeys.all(tenantId), 'list'] as const,
  detail: (tenantId: string, id: string) => [...discountKeys.all(tenantId), 'detail', id] as const,
  toggle: (tenantId: string) => [...discountKeys.all(tenantId), 'toggle'] as const,
};

export const discountsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: discountKeys.list(tenantId),
    queryFn: ({ signal }) => discountsApi.list(tenantId, { signal }),
  });

export const discountQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: discountKeys.detail(tenantId, id),
    queryFn: ({ signal }) => discountsApi.get(tenantId, id, { signal }),
    staleTime: 0,
  });

export const useDiscounts = (tenantId: string) =>
  useQuery({ ...discountsQuery(tenantId), enabled: tenantId !== '' });

export const useDiscount = (tenantId: string, id: string, enabled = true) =>
  useQuery({ ...discountQuery(tenantId, id), enabled: enabled && tenantId !== '' });

/** Creates a discount; the list reads again. */
export function useCreateDiscount(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDiscountInput) => discountsApi.create(tenantId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountKeys.all(tenantId) }),
  });
}

/** Saves the form of an existing discount; the list and the form read again. */
export function useUpdateDiscount(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateDiscountInput }) =>
      discountsApi.update(tenantId, id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(discountKeys.detail(tenantId, saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: discountKeys.list(tenantId) });
    },
  });
}

/** Deletes a discount for good (`deleted: true` on the stored discount); the list reads again. */
export function useDeleteDiscount(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (discount: Discount) =>
      discountsApi.update(tenantId, discount.id, { ...discount, deleted: true }),
    onSuccess: (deleted) => {
      queryClient.removeQueries({ queryKey: discountKeys.detail(tenantId, deleted.id) });
      return queryClient.invalidateQueries({ queryKey: discountKeys.list(tenantId) });
    },
  });
}

const replaceIn = (list: Discount[] | undefined, next: Discount) =>
  list?.map((d) => (d.id === next.id ? next : d));

/**
 * The list's active toggle (§4.3, §7.1): saves at once with the whole discount and the new
 * `active`; the list shows the new value meanwhile and reverts when the save fails.
 */
export function useToggleDiscount(tenantId: string) {
  const queryClient = useQueryClient();
  const key = discountKeys.list(tenantId);
  return useMutation({
    mutationKey: discountKeys.toggle(tenantId),
    mutationFn: ({ discount, active }: { discount: Discount; active: boolean }) =>
      discountsApi.update(tenantId, discount.id, { ...discount, active }),
    onMutate: async ({ discount, active }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Discount[]>(key, (list) => replaceIn(list, { ...discount, active }));
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<Discount[]>(key, (list) => replaceIn(list, saved));
      queryClient.setQueryData(discountKeys.detail(tenantId, saved.id), saved);
    },
    onError: (_error, { discount }) =>
      queryClient.setQueryData<Discount[]>(key, (list) => replaceIn(list, discount)),
  });
}
