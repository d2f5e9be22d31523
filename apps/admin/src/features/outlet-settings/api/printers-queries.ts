import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { printerRoutes, type CreatePrinterBody } from '@app/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { outletKeys } from './outlet-status-queries.ts';

/** A printer's state changes at each of its polls (every few seconds): asked again every 10 s. */
export const PRINTERS_POLL_MS = 10_000;

export const printerKeys = {
  branch: (tenantId: string, branchId: string) =>
    [...outletKeys.all(tenantId), 'printers', branchId] as const,
};

/** The branch's printers with their state, kept fresh while shown. */
export function useBranchPrinters(tenantId: string, branchId: string) {
  return useQuery({
    queryKey: printerKeys.branch(tenantId, branchId),
    queryFn: ({ signal }) =>
      callApi(printerRoutes.branchPrinters, { params: { tenantId, branchId } }, { signal }),
    refetchInterval: PRINTERS_POLL_MS,
  });
}

export function useAddPrinter(tenantId: string, branchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePrinterBody) =>
      callApi(printerRoutes.createPrinter, { params: { tenantId, branchId }, body }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: printerKeys.branch(tenantId, branchId) }),
  });
}

export function useRemovePrinter(tenantId: string, branchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callApi(printerRoutes.deletePrinter, { params: { tenantId, branchId, id } }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: printerKeys.branch(tenantId, branchId) }),
  });
}
