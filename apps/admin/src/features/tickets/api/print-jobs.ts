import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { printerRoutes, type PrintKind } from '@app/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { ticketKeys } from './keys.ts';

const jobsKey = (tenantId: string, ticketId: string) =>
  [...ticketKeys.detail(tenantId, ticketId), 'printjobs'] as const;
const printersKey = (tenantId: string, branchId: string) =>
  [...ticketKeys.all, 'printers', tenantId, branchId] as const;

/** A ticket's print jobs; asked again every 3 s while one waits or prints. */
export function useTicketPrintJobs(tenantId: string, ticketId: string) {
  return useQuery({
    queryKey: jobsKey(tenantId, ticketId),
    queryFn: ({ signal }) =>
      callApi(printerRoutes.ticketPrintJobs, { params: { tenantId, ticketId } }, { signal }),
    refetchInterval: (query) =>
      query.state.data?.some((j) => j.state === 'queued' || j.state === 'printing') ? 3_000 : false,
  });
}

/** The printers of the ticket's branch, for what can be printed again and their state. */
export function useTicketBranchPrinters(tenantId: string, branchId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: printersKey(tenantId, branchId),
    queryFn: ({ signal }) =>
      callApi(printerRoutes.branchPrinters, { params: { tenantId, branchId } }, { signal }),
    staleTime: 10_000,
  });
}

export function useReprint(tenantId: string, ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: PrintKind) =>
      callApi(printerRoutes.reprint, { params: { tenantId, ticketId }, body: { kind } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsKey(tenantId, ticketId) }),
  });
}
