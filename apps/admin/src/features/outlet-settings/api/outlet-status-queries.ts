import {
  queryOptions,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { BranchStatus, OutletStatusBody } from '@app/contracts';
import { outletStatusApi } from './outlet-status-api.ts';

/** Query keys of the outlet area, per tenant; the status screen and the shell share them. */
export const outletKeys = {
  all: (tenantId: string) => ['outlet', tenantId] as const,
  statuses: (tenantId: string) => [...outletKeys.all(tenantId), 'statuses'] as const,
  saveStatus: (tenantId: string) => [...outletKeys.all(tenantId), 'saveStatus'] as const,
};

export const branchStatusesQuery = (tenantId: string) =>
  queryOptions({
    queryKey: outletKeys.statuses(tenantId),
    queryFn: ({ signal }) => outletStatusApi.list(tenantId, { signal }),
  });

export function useBranchStatuses(
  tenantId: string | null,
  options: { refetchInterval?: number; enabled?: boolean } = {},
) {
  return useQuery({
    ...branchStatusesQuery(tenantId ?? ''),
    enabled: tenantId !== null && tenantId !== '' && (options.enabled ?? true),
    refetchInterval: options.refetchInterval,
  });
}

export interface UpdateBranchStatus {
  branchId: string;
  status: OutletStatusBody;
}

/**
 * Saves one branch's status. The list shows the new value at once (and so do the top bar and
 * the banner, which read the same query); a failure reloads the statuses from the server
 * (spec §4.4) and the caller says so.
 */
export function useUpdateBranchStatus(tenantId: string) {
  const queryClient = useQueryClient();
  const key = outletKeys.statuses(tenantId);
  const replace = (next: BranchStatus) =>
    queryClient.setQueryData<BranchStatus[]>(key, (list) =>
      list?.map((branch) => (branch.branchId === next.branchId ? next : branch)),
    );
  return useMutation({
    mutationKey: outletKeys.saveStatus(tenantId),
    mutationFn: ({ branchId, status }: UpdateBranchStatus) =>
      outletStatusApi.update(tenantId, branchId, status),
    onMutate: async ({ branchId, status }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const branch = queryClient
        .getQueryData<BranchStatus[]>(key)
        ?.find((b) => b.branchId === branchId);
      if (branch) replace({ ...branch, branchOperatingStatus: status });
    },
    onSuccess: (saved) => replace(saved),
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** The branches whose status is being saved right now. */
export function useSavingBranches(tenantId: string): ReadonlySet<string> {
  const saving = useMutationState({
    filters: { mutationKey: outletKeys.saveStatus(tenantId), status: 'pending' },
    select: (mutation) => (mutation.state.variables as UpdateBranchStatus | undefined)?.branchId,
  });
  return new Set(saving.filter((id): id is string => id !== undefined));
}
