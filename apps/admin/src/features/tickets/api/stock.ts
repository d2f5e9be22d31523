import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { stockRoutes, type StockBody, type StockKind } from '@app/contracts';
import { callApi } from '../../../lib/api-client.ts';

export const stockKeys = {
  branch: (tenantId: string, branchId: string, search: string) =>
    ['stock', tenantId, branchId, search] as const,
  all: (tenantId: string, branchId: string) => ['stock', tenantId, branchId] as const,
};

/** What is sold out at the branch now (kept fresh: things come back by themselves). */
export function useBranchStock(tenantId: string, branchId: string, search: string) {
  return useQuery({
    queryKey: stockKeys.branch(tenantId, branchId, search),
    queryFn: ({ signal }) =>
      callApi(
        stockRoutes.branchStock,
        { params: { tenantId, branchId }, query: search ? { search } : {} },
        { signal },
      ),
    enabled: Boolean(tenantId && branchId),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

export type StockTarget = { kind: StockKind; id: string; parentId: string };

/** Sells out (or turns back on) an item, a variant or a choice at the branch. */
export function useSetStock(tenantId: string, branchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, body }: { target: StockTarget; body: StockBody }) => {
      const base = { tenantId, branchId };
      if (target.kind === 'item')
        return callApi(stockRoutes.setItemStock, { params: { ...base, id: target.id }, body });
      if (target.kind === 'variant')
        return callApi(stockRoutes.setVariantStock, {
          params: { ...base, id: target.parentId, variantId: target.id },
          body,
        });
      return callApi(stockRoutes.setModifierItemStock, {
        params: { ...base, groupId: target.parentId, modifierItemId: target.id },
        body,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockKeys.all(tenantId, branchId) }),
  });
}
